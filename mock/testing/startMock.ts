import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type MockApp } from '../app.ts';
import type { AppOptions } from '../AppOptions.ts';
import { type Clock, createFrozenClock } from '../clock.ts';
import { createDeps, type DepsOptions } from '../createDeps.ts';
import type { Fault } from '../faults/Fault.ts';
import { createMockServer } from '../http/createMockServer.ts';
import type { Session } from '../sessions/Session.ts';
import { DEFAULT_SESSION, type SessionRegistry } from '../sessions/SessionRegistry.ts';

export interface CallOptions {
  token?: string;
  community?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Sent as is (with contentType), instead of JSON.stringify(body). */
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface MockHarness {
  baseUrl: string;
  /** The default session (the one a request naming none works in), named here on purpose for tests. */
  deps: Session;
  /** Every session (tests of sessions, persistence and the journal). */
  sessions: SessionRegistry<Session>;
  mock: MockApp;
  clock: Clock;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Every X-Contract-Violations header the mock sent: the mock must never break its own contract. */
  violations: string[];
  close(): Promise<void>;
}

/**
 * The mock in-process on 127.0.0.1, port 0, with a frozen clock: what every mock test drives.
 * Responses are checked against the spec by the mock itself; their violations are collected here.
 */
export async function startMock(options: DepsOptions & { faultCatalog?: readonly Fault[]; app?: AppOptions } = {}): Promise<MockHarness> {
  const clock = options.clock ?? createFrozenClock('2026-03-01T12:00:00.000Z');
  // Every stored record frozen: a handler, planner or fault that mutates one throws in the tests.
  const root = createDeps({ freezeRecords: true, ...options, clock });
  const mock = createApp(root, { faultCatalog: options.faultCatalog, ...options.app });
  const deps = root.sessions.use(DEFAULT_SESSION);
  const server: Server = createMockServer(mock.app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const violations: string[] = [];

  return {
    baseUrl,
    deps,
    sessions: root.sessions,
    mock,
    clock,
    violations,
    async call(method, path, o = {}) {
      const url = new URL(path, baseUrl);
      for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.community) headers['community-id'] = o.community;
      let body: string | undefined;
      if (o.rawBody !== undefined) {
        body = o.rawBody;
        headers['content-type'] = o.contentType ?? 'text/plain';
      } else if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] = o.contentType ?? 'application/json';
      }
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      const violation = response.headers.get('x-contract-violations');
      if (violation) violations.push(`${method} ${path} → ${response.status}: ${violation}`);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON (HTML pages, empty bodies): the text is the body.
      }
      return { status: response.status, headers: response.headers, body: parsed as never, text };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** The development token of a role in a community, found by its label. */
export function devToken(deps: Session, community: string, role: string): string {
  const token = deps.store
    .tokens()
    .find((t) => t.kind === 'development' && t.communities.length === 1 && t.communities[0] === community && (t.label ?? '').includes(role));
  if (!token) throw new Error(`no development token for ${role} in ${community}`);
  return token.token;
}
