import { locate } from '../../spec/formatAjvErrors.ts';
import { decisionFor } from './decisionFor.ts';
import { stated, decided, defineCheck, type CheckFailure, type FailureFactory } from './Check.ts';
import { mediaTypeOf, type ExchangeInput } from './ExchangeInput.ts';
import { childPointer, propertiesOf, schemaAt } from './schemaNavigator.ts';
import type { Contract } from '../../spec/contract.ts';
import type { Exchange } from '../client/Exchange.ts';

/**
 * Keys are case-sensitive ("spelled as below"). Schemas are open, so `updatedAt` where `UpdatedAt` is
 * documented, or `members` for `Members`, passes the schema; this check catches a key that matches a
 * documented one case-insensitively (or up to `_`/`-`) while the documented spelling is absent. The
 * description keeps misspellings on purpose ("`incudes` … the key is spelled this way in the interface"), so a
 * key one letter away from a documented key of at least five letters (`includes` for `incudes`), while that
 * key is absent and the key itself is not documented there, is a misspelling too.
 */
export const keySpelling = defineCheck<ExchangeInput>(
  'key-spelling',
  'Documented keys are spelled exactly (case included).',
  { MUST: stated('Keys are case-sensitive and spelled as below.'), SHOULD: decided('User-info and OAuth') },
  ({ contract, exchange }, fail) => {
    const res = exchange.response;
    if (!res || !exchange.operationId || res.body === undefined) return [];
    const probe = contract.validateResponse(exchange.operationId, res.status, res.headers['content-type'], undefined, {});
    const schemaPointer = probe.response?.content[mediaTypeOf(res.headers['content-type'])];
    if (!schemaPointer) return [];
    const out: CheckFailure[] = [];
    walk(contract, exchange, fail, schemaPointer, res.body, '', out, probe.response?.inferred === true);
    return out;
  },
);

const fold = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

function walk(
  contract: Contract,
  exchange: Exchange,
  fail: FailureFactory,
  pointer: string,
  value: unknown,
  path: string,
  out: CheckFailure[],
  inferred: boolean,
): void {
  if (out.length >= 20 || value === null || typeof value !== 'object') return;
  const doc = contract.document;
  if (Array.isArray(value)) {
    const { schema } = schemaAt(doc, pointer);
    if (!schema.items) return;
    value.forEach((item, index) =>
      walk(contract, exchange, fail, childPointer(doc, pointer, String(index)) ?? pointer, item, `${path}/${index}`, out, inferred),
    );
    return;
  }
  const documented = propertiesOf(doc, pointer);
  const byFolded = new Map(Object.keys(documented).map((k) => [fold(k), k]));
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    const childPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const known = documented[key];
    if (known) {
      walk(contract, exchange, fail, known, child, childPath, out, inferred);
      continue;
    }
    const meant = byFolded.get(fold(key)) ?? oneEditAway(key, Object.keys(documented));
    if (meant === undefined || meant in record) continue;
    const meantPointer = documented[meant] as string;
    const severity = inferred || contract.isInferred(meantPointer) ? 'SHOULD' : 'MUST';
    const where = locate({ in: 'response', path: childPath });
    out.push(
      fail(severity, exchange, `${where} is spelled "${key}"; the documented key is "${meant}"`, {
        path: where,
        expected: meant,
        actual: key,
        ...(severity === 'SHOULD' ? { source: decisionFor(meantPointer) } : {}),
      }),
    );
  }
}

/** The documented key (five letters or more) that `key` becomes by one letter inserted, removed or changed. */
export function oneEditAway(key: string, documented: readonly string[]): string | undefined {
  if (key.length < 5) return undefined;
  return documented.find((d) => d.length >= 5 && d !== key && withinOneEdit(key, d));
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
