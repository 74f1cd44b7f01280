/**
 * Every fault of the mock's catalogue is caught, and its evidence holds up: the suite runs once against the mock
 * with that one bug (strict), the run is not conformant and names the check the fault breaks, and for every
 * failure (each check on each operation):
 * - the sentence of the API description it cites concerns that operation: it is in the operation's own part
 *   of the spec (its description, parameters, bodies, responses and the schemas they use), or in no
 *   operation's part (a rule for every operation); never only in another operation's;
 * - its printed reproducer, pasted after the report's setup line, gets the failing answer again (same status;
 *   for a read, the same body).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../spec/contract.ts';
import { faultCatalog } from '../mock/faults/catalog.ts';
import { inputFaults } from '../mock/faults/inputFaults.ts';
import { AREAS } from './config/ConformConfig.ts';
import type { CheckFailure } from './checks/Check.ts';
import { invalidRequestRejected } from './checks/invalidRequestRejected.ts';
import { fakeExchange } from './testing/fakeExchange.ts';
import { usedReplay } from './report/usedReplay.ts';
import { setupLine } from './run/replayVariables.ts';
import { runEveryScenario } from './testing/runEveryScenario.ts';
import { startMockTarget, type MockTarget } from './testing/startMockTarget.ts';

const sh = promisify(execFile);
const NOW = () => new Date('2026-03-02T09:00:00.000Z');
const contract = loadContract();
const document = contract.document as { paths: Record<string, Record<string, unknown>> };
const norm = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** An operation's part of the spec as one text, $refs followed (each once). */
function operationText(operation: unknown, pathItem: Record<string, unknown>): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') return void parts.push(node);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !seen.has(value)) {
        seen.add(value);
        walk(
          value
            .slice(2)
            .split('/')
            .reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], contract.document),
        );
      } else walk(value);
    }
  };
  walk(operation);
  walk(pathItem.parameters);
  return norm(parts.join(' '));
}

const byOperation = new Map<string, string>();
for (const pathItem of Object.values(document.paths)) {
  for (const operation of Object.values(pathItem)) {
    const id = (operation as { operationId?: string } | undefined)?.operationId;
    if (id) byOperation.set(id, operationText(operation, pathItem));
  }
}

/** Where a cited sentence is: the operations whose part holds it. */
function operationsCiting(sentence: string): string[] {
  const text = norm(sentence);
  return [...byOperation].filter(([, own]) => own.includes(text)).map(([id]) => id);
}

describe("the cited sentence concerns the failure's own operation", () => {
  it.each([...byOperation.keys()])('the spec has a part for %s', (id) => {
    expect(byOperation.get(id)?.length).toBeGreaterThan(0);
  });
});

describe("a check that rests on one sentence per operation cites the operation's own", () => {
  it.each([...byOperation.keys()])('invalid-request-rejected on %s', (op) => {
    const [failure] = invalidRequestRejected.run({
      contract,
      exchange: fakeExchange(op, 200),
      violation: 'query.active=maybe is not a boolean',
      rulePointer: '/paths',
    });
    expect(failure?.severity).toBe('MUST');
    const holders = operationsCiting(failure?.source?.text ?? '');
    if (holders.length > 0) expect(holders, failure?.source?.text).toContain(op);
  });

  it('the ten endpoints of the description each cite a sentence of their own (no two share one)', () => {
    const endpoints = [
      'getUserInfo',
      'listGroups',
      'searchGroups',
      'getGroup',
      'listAppInstallations',
      'updateAppInstallation',
      'approveAppInstallation',
      'uploadSyncEntities',
      'getUpdatedUsers',
      'getUpdatedComponents',
    ];
    const cited = endpoints.map(
      (op) => invalidRequestRejected.run({ contract, exchange: fakeExchange(op, 200), violation: 'x', rulePointer: '/paths' })[0]?.source?.text,
    );
    expect(new Set(cited).size).toBe(endpoints.length);
  });
});

describe('every fault is caught; every failure against a faulty mock', () => {
  let target: MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it.each(faultCatalog.map((f) => [f.name, f.breaks] as const))(
    '%s: citations of its own operation, reproducers that reproduce',
    async (name, breaks) => {
      target = await startMockTarget({ faults: [name] });
      // The input-triggered faults need the generative phase; the others are caught by the scenarios alone.
      const triggeredByInput = inputFaults.some((f) => f.name === name);
      const areas = triggeredByInput ? AREAS : AREAS.filter((a) => a !== 'generate');
      const result = await runEveryScenario({ config: target.config, strict: true, seed: 7, now: NOW, areas });
      const failures: CheckFailure[] = result.cases.flatMap((c) => [...c.failures, ...c.warnings]);
      expect(result.conformant, name).toBe(false);
      expect(failures.map((f) => f.check)).toContain(breaks);
      // Strict: a fault the scenarios catch is a failure, never only a warning.
      if (!triggeredByInput) expect(result.cases.flatMap((c) => c.failures.map((f) => f.check))).toContain(breaks);

      for (const f of failures) {
        // A filter the message names ("not listed with active=false") is in the request the failure carries; a
        // finding that stands for several values names the others after "(and N more", each with its own request.
        const own = f.message.split(' (and ')[0] ?? f.message;
        for (const [, filter] of own.matchAll(/listed with (\w+=\w+)/g)) expect(f.exchange.request.url, `${f.check}: ${f.message}`).toContain(filter);
        const op = f.exchange.operationId;
        if (!op || f.source?.kind !== 'description') continue;
        const holders = operationsCiting(f.source.text);
        if (holders.length === 0) continue; // a rule of the whole API (authentication, errors, formats)
        expect(holders, `${f.check} on ${op} cites "${f.source.text}"`).toContain(op);
      }

      // The failures of the fault's own check found by a read (GET: replaying it changes nothing, so the line can
      // be pasted any time): each reproducer, after the setup line, gets the failing answer again. Later steps of
      // the run may have written data since, so the answer's status and shape are compared, not every item.
      const config = target.config;
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        CONFORM_TOKEN: config.token ?? '',
        CONFORM_APP_SECRET: config.appSecret ?? '',
        CONFORM_CLIENT_SECRET: config.oauth?.clientSecret ?? '',
        CONFORM_USER_TOKEN: result.loginToken ?? config.userToken ?? '',
      };
      const setup = setupLine(usedReplay(result)) || ':';
      for (const f of failures.filter((x) => x.check === breaks && x.exchange.response && x.exchange.request.method === 'GET').slice(0, 3)) {
        const recorded = f.exchange.response!;
        const { stdout } = await sh('bash', ['-c', `${setup}\n${f.exchange.curl} --max-time 10`], { env, timeout: 20_000, maxBuffer: 16 * 1024 * 1024 });
        const [head = '', ...rest] = stdout.split(/\r?\n\r?\n/);
        const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]);
        expect(status, `${f.check}: ${f.exchange.curl}`).toBe(recorded.status);
        if (recorded.body !== undefined)
          expect(shape(JSON.parse(rest.join('\n\n')) as unknown), `${f.check}: ${f.exchange.curl}`).toEqual(shape(recorded.body));
      }
    },
    60_000,
  );
});

/** A JSON value's shape: its type, and for an object its keys (items of a list vary with the data). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return 'array';
  if (value && typeof value === 'object') return Object.keys(value).sort();
  return typeof value;
}
