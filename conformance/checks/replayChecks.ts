import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import type { Exchange } from '../client/Exchange.ts';
import { statedResponse } from './statedResponses.ts';
import { isRecord } from './values.ts';
import type { RecordedCall } from '../har/RecordedCall.ts';

/** The recorded exchange, short, beside the actual one (the failure's own exchange) in every report. */
export function recordedSide(call: RecordedCall, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body = call.har.responseBody ?? '';
  return {
    recorded: `${call.har.method} ${call.har.url}`,
    status: call.har.status,
    ...extra,
    body: body.length > 600 ? `${body.slice(0, 600)}…` : body,
  };
}

export function actualSide(exchange: Exchange, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body = exchange.response?.bodyText ?? exchange.error ?? '';
  return { status: exchange.response?.status ?? null, ...extra, body: body.length > 600 ? `${body.slice(0, 600)}…` : body };
}

const statusClass = (status: number): string => `${String(status)[0]}xx`;

/**
 * The target answers a recorded request with a status of the same class: a request the frontend got a 2xx
 * for is accepted (its shapes follow the spec, since the mock validates them), a refused one is refused.
 */
export const replayStatusClass = defineCheck<{ exchange: Exchange; call: RecordedCall }>(
  'replay-status-class',
  'A recorded request is answered with a status of the class it was answered with when recorded.',
  { MUST: stated('Responses are `application/json`.'), SHOULD: decided('Errors') },
  ({ exchange, call }, fail) => {
    const actual = exchange.response?.status;
    if (actual === undefined || statusClass(actual) === statusClass(call.har.status)) return [];
    // Refusals are our decisions (the description names no error status): a 4xx recorded as 4xx…
    const severity = call.har.status < 300 || actual < 300 ? 'MUST' : 'SHOULD';
    return [
      fail(severity, exchange, `recorded ${call.har.status}, answered ${actual}`, {
        expected: recordedSide(call),
        actual: actualSide(exchange),
        ...(severity === 'MUST' ? { source: statedResponse(call.operationId) } : {}),
      }),
    ];
  },
);

/**
 * A key the mock answered and the target does not: the frontend received it from the mock and may rely on it.
 * Only keys of objects both answers have at the same place; arrays are compared by the union of their items'
 * keys (their items are different records). A SHOULD: the description marks few keys required.
 */
export const replayKeysKept = defineCheck<{ exchange: Exchange; call: RecordedCall; actual: unknown }>(
  'replay-keys-kept',
  'Every key of the recorded answer is in the actual answer.',
  { SHOULD: decided('Other gaps the description names') },
  ({ exchange, call, actual }, fail) => {
    const missing: string[] = [];
    missingKeys(call.responseJson, actual, 'response', missing, 0);
    return missing.slice(0, 10).map((path) =>
      fail('SHOULD', exchange, `${path} is missing: the frontend received this key from the mock`, {
        path,
        expected: recordedSide(call),
        actual: actualSide(exchange),
      }),
    );
  },
);

function missingKeys(recorded: unknown, actual: unknown, path: string, out: string[], depth: number): void {
  if (depth > 8 || out.length >= 10) return;
  if (Array.isArray(recorded) && Array.isArray(actual)) {
    if (recorded.length === 0 || actual.length === 0) return;
    missingKeys(mergeItems(recorded), mergeItems(actual), `${path}[]`, out, depth + 1);
    return;
  }
  if (!isRecord(recorded) || !isRecord(actual)) return;
  for (const [key, value] of Object.entries(recorded)) {
    if (!(key in actual)) out.push(`${path}.${key}`);
    // `fields` are "community-specific custom fields; they vary by community and by installed apps".
    else if (key !== 'fields') missingKeys(value, actual[key], `${path}.${key}`, out, depth + 1);
  }
}

/** The union of the items' keys, each with the first value seen (arrays merged likewise). */
function mergeItems(items: readonly unknown[]): unknown {
  const records = items.filter(isRecord);
  if (records.length === 0) return items.find(Array.isArray) ?? undefined;
  const out: Record<string, unknown> = {};
  for (const item of records) for (const [k, v] of Object.entries(item)) if (!(k in out) || out[k] === null) out[k] = v;
  return out;
}

/**
 * A record the session wrote (an uploaded group, an updated installation) and then saw in an answer is in the
 * target's answer to the same request too, within a bounded poll (a target may store writes asynchronously).
 */
export const replayWriteVisible = defineCheck<{ exchange: Exchange; call: RecordedCall; what: string; found: boolean; tries: number }>(
  'replay-write-visible',
  'A record written earlier in the session is visible where the recording saw it.',
  { MUST: stated('It receives entities (groups, members, users, components) from an external management system in a synchronization run.') },
  ({ exchange, call, what, found, tries }, fail): CheckFailure[] =>
    found
      ? []
      : [
          fail('MUST', exchange, `${what}, seen in the recorded answer, is not in the target's answer (${tries} tries)`, {
            expected: recordedSide(call, { showed: what }),
            actual: actualSide(exchange),
          }),
        ],
);
