import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, sendJson, startServer, type RunningServer } from '../testing/startServer.ts';
import { createClient } from './createClient.ts';
import { createSecretBook } from './SecretBook.ts';

describe('createClient', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(async (req, res) => {
      const body = await readBody(req);
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: 'http://127.0.0.1:1/cb?code=abc' });
        res.end();
        return;
      }
      sendJson(res, 200, {
        method: req.method,
        url: req.url,
        auth: req.headers.authorization ?? null,
        type: req.headers['content-type'] ?? null,
        accept: req.headers.accept ?? null,
        session: req.headers['x-mock-session'] ?? null,
        body,
      });
    });
  });
  afterAll(() => server.close());

  it('records the request, the parsed response and a curl line without the secret', async () => {
    const secrets = createSecretBook({ CONFORM_TOKEN: 'tok-secret-1' });
    const client = createClient({ baseUrl: server.url + '/', secrets });
    const exchange = await client.send({
      method: 'post',
      path: '/v1/x',
      query: { a: 'b c', skip: undefined },
      headers: { Authorization: 'Bearer tok-secret-1' },
      json: { k: 1 },
      operationId: 'op',
    });
    expect(exchange.id).toBe(1);
    expect(exchange.operationId).toBe('op');
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.body).toMatchObject({
      method: 'POST',
      url: '/v1/x?a=b+c',
      auth: 'Bearer tok-secret-1',
      type: 'application/json',
      body: '{"k":1}',
    });
    expect(exchange.curl).not.toContain('tok-secret-1');
    expect(exchange.curl).toContain('"$CONFORM_TOKEN"');
    expect(client.exchanges).toHaveLength(1);
  });

  it('sends forms and keeps redirects manual', async () => {
    const client = createClient({ baseUrl: server.url, secrets: createSecretBook() });
    const form = await client.send({ method: 'POST', path: '/token', form: { grant_type: 'authorization_code', code: 'x' } });
    expect(form.response?.body).toMatchObject({ type: 'application/x-www-form-urlencoded', body: 'grant_type=authorization_code&code=x' });
    const redirect = await client.send({ method: 'GET', path: '/redirect' });
    expect(redirect.response?.status).toBe(302);
    expect(redirect.response?.headers.location).toBe('http://127.0.0.1:1/cb?code=abc');
  });

  it("sends the extra headers on every request, under the request's own, and the curl line carries them", async () => {
    const client = createClient({ baseUrl: server.url, secrets: createSecretBook(), headers: { 'X-Mock-Session': 'worker-1' } });
    const exchange = await client.send({ method: 'GET', path: '/a' });
    expect(exchange.response?.body).toMatchObject({ session: 'worker-1', accept: 'application/json' });
    expect(exchange.curl).toContain(`-H 'x-mock-session: worker-1'`);
    const own = await client.send({ method: 'GET', path: '/a', headers: { 'X-Mock-Session': 'other' } });
    expect(own.response?.body).toMatchObject({ session: 'other' });
  });

  it('sends no Accept: application/json when told not to (an HTML or redirect endpoint)', async () => {
    const client = createClient({ baseUrl: server.url, secrets: createSecretBook() });
    const exchange = await client.send({ method: 'GET', path: '/a', accept: false });
    expect((exchange.response?.body as { accept: string }).accept).not.toContain('application/json');
    expect(exchange.request.headers.accept).toBeUndefined();
  });

  it('records a transport error instead of throwing', async () => {
    const closed = await startServer((_req, res) => res.end());
    await closed.close();
    const client = createClient({ baseUrl: closed.url, secrets: createSecretBook(), requestTimeoutMs: 2000 });
    const exchange = await client.send({ method: 'GET', path: '/' });
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/ECONNREFUSED/);
  });
});
