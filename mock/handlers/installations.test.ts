import { describe, expect, it } from 'vitest';
import type { AppInstallation, AppManifest } from '../../spec/openapi.d.ts';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
useMock('test', (fx) => ({ mock, community, token } = fx));

const installed = () =>
  mock.deps.store.installationsInCommunity(community).find((i) => i.active && mock.deps.store.app(i.appId)?.manifest.approval === 'automatic')!;
const pending = () => mock.deps.store.installationsInCommunity(community).find((i) => i.status === 'pending_approval')!;
const base = (appId: string) => `/v1/appmaker/apps/${appId}/installations`;

describe('GET installations of an app', () => {
  it("lists only active installations of that app, in the token's communities", async () => {
    const { appId } = installed();
    const res = await mock.call<AppInstallation[]>('GET', base(appId), { token, community });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const i of res.body) {
      expect(i.active).toBe(true);
      expect(i.manifest?.id).toBe(appId);
    }
  });
  it('does not list a pending (inactive) installation', async () => {
    const res = await mock.call<AppInstallation[]>('GET', base(pending().appId), { token, community });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
  it('is a 404 for an unknown app', async () => {
    expect((await mock.call('GET', base('app-que-nao-existe'), { token, community })).status).toBe(404);
  });
});

describe('PUT an installation', () => {
  it('round-trips what GET returned', async () => {
    const { appId } = installed();
    const [current] = (await mock.call<AppInstallation[]>('GET', base(appId), { token, community })).body;
    const before = mock.deps.store.snapshot();
    const res = await mock.call<AppInstallation>('PUT', `${base(appId)}/${community}`, { token, community, body: current });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(current);
    expect(mock.deps.store.snapshot()).toEqual(before);
  });

  it('changes the writable keys and keeps them', async () => {
    const { appId } = installed();
    const contactInfo = { name: 'Fernanda Alves', telephone: '+55 11 90000-0000', message: 'Ligar à tarde.' };
    const res = await mock.call<AppInstallation>('PUT', `${base(appId)}/${community}`, { token, community, body: { contactInfo, requiresManualUpdate: true } });
    expect(res.body).toMatchObject({ contactInfo, requiresManualUpdate: true });
    const again = await mock.call<AppInstallation[]>('GET', base(appId), { token, community });
    expect(again.body[0]).toMatchObject({ contactInfo, requiresManualUpdate: true });
  });

  it('deactivating removes it from the list; activating stamps activatedAt', async () => {
    const { appId } = installed();
    await mock.call('PUT', `${base(appId)}/${community}`, { token, community, body: { active: false } });
    expect((await mock.call<AppInstallation[]>('GET', base(appId), { token, community })).body.some((i) => i.active === false)).toBe(false);
    mock.clock.advance(60_000);
    const res = await mock.call<AppInstallation>('PUT', `${base(appId)}/${community}`, { token, community, body: { active: true } });
    expect(res.body).toMatchObject({ active: true, activatedAt: mock.clock.iso() });
  });

  it.each([
    ['status', { status: 'installed_by_hand' }],
    ['approved', { approved: false }],
    ['manifest', { manifest: { id: 'outro-app' } }],
  ])('refuses to change the managed key %s: 422, nothing stored', async (key, body) => {
    const { appId } = installed();
    const before = mock.deps.store.snapshot();
    const res = await mock.call<any>('PUT', `${base(appId)}/${community}`, { token, community, body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'read_only_field', errors: [{ in: 'body', path: `/${key}`, rule: 'readOnly' }] });
    expect(mock.deps.store.snapshot()).toEqual(before);
  });

  it.each([
    ['no body', {}, 400],
    ['a body of the wrong type', { body: { active: 'yes' } }, 400],
    ['a text body', { rawBody: 'active=true', contentType: 'text/plain' }, 415],
    ['broken JSON', { rawBody: '{"active":', contentType: 'application/json' }, 400],
  ])('refuses %s', async (_name, options, status) => {
    const { appId } = installed();
    const res = await mock.call<any>('PUT', `${base(appId)}/${community}`, { token, community, ...options });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('cannot reach another community through the path', async () => {
    const other = mock.deps.store.communities()[1]!.id;
    const { appId } = installed();
    const res = await mock.call<any>('PUT', `${base(appId)}/${other}`, { token, community, body: {} });
    expect(res.status).toBe(403);
  });
});

describe('POST approve', () => {
  it('approves a pending installation of a manual app and returns its manifest', async () => {
    const { appId } = pending();
    mock.clock.advance(5_000);
    const res = await mock.call<AppManifest>('POST', `${base(appId)}/${community}/approve`, { token, community });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(appId);
    expect(res.body.approval).toBe('manual');
    const stored = mock.deps.store.installation(appId, community)!;
    expect(stored).toMatchObject({
      status: 'installed',
      approved: true,
      active: true,
      installed: true,
      approvedAt: mock.clock.iso(),
      activatedAt: mock.clock.iso(),
    });
    expect(stored.approvedBy).toBe(mock.deps.store.token(token)!.subject);
    const list = await mock.call<AppInstallation[]>('GET', base(appId), { token, community });
    expect(list.body.map((i) => i.status)).toContain('installed');
  });

  it('approving twice is a 409 that changes nothing', async () => {
    const { appId } = pending();
    await mock.call('POST', `${base(appId)}/${community}/approve`, { token, community });
    const before = mock.deps.store.snapshot();
    const res = await mock.call<any>('POST', `${base(appId)}/${community}/approve`, { token, community });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/not "pending_approval"/);
    expect(mock.deps.store.snapshot()).toEqual(before);
  });

  it('an automatically approved app is a 409', async () => {
    const res = await mock.call<any>('POST', `${base(installed().appId)}/${community}/approve`, { token, community });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/automatic/);
  });

  it('an app with no installation there is a 404', async () => {
    const res = await mock.call<any>('POST', `${base('app-que-nao-existe')}/${community}/approve`, { token, community });
    expect(res.status).toBe(404);
  });
});
