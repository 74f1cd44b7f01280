import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { AppRecord, InstallationRecord } from '../../fixtures/records.ts';
import { presentInstallation } from './presentInstallation.ts';

const app: AppRecord = {
  manifest: {
    id: 'app-boletim-plus',
    approval: 'manual',
    visibility: 'public',
    displayName: 'Boletim Plus',
    description: 'Boletins e frequência em tempo real.',
    icon: { url: 'https://cdn.example.com.br/apps/boletim/icon.png', width: 128, height: 128 },
    createdAt: '2025-01-20T12:00:00.000Z',
    updatedAt: '2025-09-01T09:00:00.000Z',
    api: { enabled: true, roles: [{ value: 'groups:read', reason: 'Listar turmas.' }] },
    portals: { enabled: false, data: [] },
    services: { enabled: false, requests: [], responds: [] },
    oauth: { enabled: true, scopes: ['openid', 'profile'], response_type: 'code', grant: 'authorization_code' },
    roles: { enabled: false, data: [] },
  },
  clientSecret: 'cs_secret',
  dataActionSecret: 'sk_secret',
  redirectUris: ['https://boletim.example.com.br/oauth/callback'],
};

const pending: InstallationRecord = {
  appId: 'app-boletim-plus',
  community: 'colegio-horizonte',
  approved: false,
  active: false,
  installed: true,
  installedBy: true,
  pendingUpdate: false,
  requiresManualUpdate: false,
  status: 'pending_approval',
  consentedFeatures: [],
};

const installed: InstallationRecord = {
  ...pending,
  approved: true,
  approvedAt: '2025-08-01T14:00:00.000Z',
  approvedBy: '64b7f0c2a1e4d93b5c0f1a01',
  active: true,
  activatedAt: '2025-08-01T14:00:00.000Z',
  status: 'installed',
  consentedFeatures: [{ id: 'related.members', consentedAt: '2025-08-01T14:00:00.000Z' }],
  contactInfo: { name: 'Fernanda Alves', telephone: '+55 11 98765-4321', message: 'Falar com a coordenação pedagógica.' },
};

describe('presentInstallation', () => {
  const cases: Array<[string, { given: InstallationRecord; want: Record<string, unknown> }]> = [
    ['pending approval: no approval or activation stamps', { given: pending, want: { status: 'pending_approval', approved: false, active: false } }],
    ['installed, with contact info', { given: installed, want: { status: 'installed', approved: true, active: true, contactInfo: installed.contactInfo } }],
    [
      'pending update',
      {
        given: { ...installed, status: 'pending_update', pendingUpdate: true, pendingUpdateSince: '2025-09-01T09:00:00.000Z', requiresManualUpdate: true },
        want: { pendingUpdate: true, pendingUpdateSince: '2025-09-01T09:00:00.000Z' },
      },
    ],
    [
      'uninstalled',
      {
        given: {
          ...installed,
          status: 'uninstalled',
          active: false,
          installed: false,
          uninstalledAt: '2025-10-01T00:00:00.000Z',
          uninstalledBy: '64b7f0c2a1e4d93b5c0f1a01',
          uninstalledReason: 'Substituído.',
          contactInfo: undefined,
        },
        want: { status: 'uninstalled', installed: false, uninstalledReason: 'Substituído.' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const shown = presentInstallation(given, app);
    expect(shown).toMatchObject(want);
    expect(shown.manifest).toEqual(app.manifest);
    expect(loadContract().validateSchema('#/components/schemas/AppInstallation', shown)).toEqual([]);
    // Nothing of the record's keys or the app's secrets leaks, and no key is present with an undefined value.
    const text = JSON.stringify(shown);
    for (const secret of ['appId', 'community', 'clientSecret', 'dataActionSecret', 'redirectUris', 'sk_secret', 'cs_secret'])
      expect(text).not.toContain(secret);
    expect(Object.values(shown).every((v) => v !== undefined)).toBe(true);
  });

  it('keys of a pending installation are exactly what it has', () => {
    expect(Object.keys(presentInstallation(pending, app))).toEqual([
      'manifest',
      'approved',
      'active',
      'installed',
      'installedBy',
      'pendingUpdate',
      'requiresManualUpdate',
      'status',
      'consentedFeatures',
    ]);
  });

  it('copies the manifest', () => {
    const shown = presentInstallation(installed, app);
    shown.manifest?.oauth?.scopes?.push('email');
    expect(app.manifest.oauth?.scopes).toEqual(['openid', 'profile']);
  });
});
