import type { Contract } from '../../spec/contract.ts';
import { checkGlob } from '../journal/globMatch.ts';
import { missingStubExample } from './checkStubExample.ts';
import { isStubbable, stubbableOperations } from './stubbableOperations.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import {
  MAX_CONDITIONS,
  MAX_DELAY_MS,
  MAX_HANG_MS,
  MAX_STUB_BYTES,
  MAX_TIMES,
  NETWORK_FAULTS,
  type NetworkFaultKind,
  type StubConditions,
  type StubDefinition,
} from './StubDefinition.ts';

const KEYS = ['operationId', 'path', 'method', 'when', 'times', 'priority', 'status', 'body', 'example', 'headers', 'delayMs', 'fault', 'hangMs', 'name'];
const WHEN_KEYS = ['query', 'exactQuery', 'headers', 'body'];
const USAGE = '{"operationId": "listGroups", "status": 503, "headers": {"Retry-After": "2"}, "times": 1} (docs/stubs.md lists every key)';
/** RFC 9110 §5.1 token: what a header name may be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
/** Headers the mock writes itself: a stub that set them would lie about the body or the connection (RFC 9112 §6). */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer']);

/**
 * A stub definition from anything a client sent: every key known and checked, every bound applied, and a
 * refusal (400 `invalid_request`) that names the key and what it takes. An example is looked up now, so a
 * misspelt name is refused when the stub is added, not when it would answer.
 */
export function parseStubDefinition(value: unknown, contract: Contract): StubDefinition {
  const given = object(value, 'A stub');
  for (const key of Object.keys(given)) if (!KEYS.includes(key)) bad(`Unknown key "${key.slice(0, 64)}" (known: ${KEYS.join(', ')}).`);
  const size = JSON.stringify(given).length;
  if (size > MAX_STUB_BYTES) bad(`A stub is at most ${MAX_STUB_BYTES} bytes of JSON, got ${size}.`);
  const out: StubDefinition = {};
  if (given.operationId !== undefined) {
    if (typeof given.operationId !== 'string' || !isStubbable(contract, given.operationId))
      bad(`operationId must be one of the API operations (${stubbableOperations(contract).join(', ')}), got ${show(given.operationId)}.`);
    out.operationId = given.operationId;
  }
  if (given.path !== undefined) {
    if (typeof given.path !== 'string' || !given.path.startsWith('/')) bad(`path must be a path starting with "/", got ${show(given.path)}.`);
    checkGlob(given.path);
    out.path = given.path;
  }
  if (given.method !== undefined) {
    if (typeof given.method !== 'string' || !/^[A-Za-z]{1,16}$/.test(given.method))
      bad(`method must be an HTTP method such as "GET", got ${show(given.method)}.`);
    out.method = given.method.toUpperCase();
  }
  if (given.when !== undefined) out.when = conditions(given.when);
  if (given.times !== undefined) out.times = integer(given.times, 'times', 1, MAX_TIMES);
  if (given.priority !== undefined) out.priority = integer(given.priority, 'priority', -1000, 1000);
  if (given.status !== undefined) out.status = integer(given.status, 'status', 200, 599);
  if (given.body !== undefined) out.body = given.body;
  if (given.example !== undefined) {
    if (given.example !== true && (typeof given.example !== 'string' || given.example === '' || given.example.length > 128))
      bad(`example must be an example's name or true, got ${show(given.example)}.`);
    out.example = given.example;
  }
  if (given.headers !== undefined) out.headers = answerHeaders(given.headers);
  if (given.delayMs !== undefined) out.delayMs = integer(given.delayMs, 'delayMs', 0, MAX_DELAY_MS);
  if (given.fault !== undefined) {
    if (!NETWORK_FAULTS.includes(given.fault as NetworkFaultKind)) bad(`fault must be one of ${NETWORK_FAULTS.join(', ')}, got ${show(given.fault)}.`);
    out.fault = given.fault as NetworkFaultKind;
  }
  if (given.hangMs !== undefined) {
    if (out.fault !== 'hang') bad('hangMs goes with "fault": "hang".');
    out.hangMs = integer(given.hangMs, 'hangMs', 1, MAX_HANG_MS);
  }
  if (given.name !== undefined) {
    if (typeof given.name !== 'string' || given.name.length > 200) bad(`name must be a text of at most 200 characters.`);
    out.name = given.name;
  }
  checkCombination(out, contract);
  return out;
}

/** What cannot go together, and what would do nothing. */
function checkCombination(stub: StubDefinition, contract: Contract): void {
  const answers = stub.status !== undefined || stub.body !== undefined || stub.example !== undefined;
  if (!answers && stub.headers === undefined && stub.delayMs === undefined && stub.fault === undefined)
    bad(`The stub does nothing: give it a status, a body, an example, headers, a delayMs or a fault. For instance ${USAGE}.`);
  if ((stub.fault === 'reset' || stub.fault === 'hang') && (answers || stub.headers !== undefined))
    bad(`"fault": "${stub.fault}" sends no answer: it takes no status, body, example or headers.`);
  if (stub.example !== undefined && stub.body !== undefined) bad('Give a body or an example, not both.');
  if (stub.example !== undefined) {
    if (stub.operationId === undefined) bad('An example is looked up in an operation: give operationId too.');
    // Refused now, with the examples there are, rather than answered as a 406 later.
    const missing = missingStubExample(contract, stub.operationId, stub.status, stub.example === true ? undefined : stub.example);
    if (missing) bad(missing);
  }
}

function conditions(value: unknown): StubConditions {
  const given = object(value, 'when');
  for (const key of Object.keys(given)) if (!WHEN_KEYS.includes(key)) bad(`Unknown key "when.${key.slice(0, 64)}" (known: ${WHEN_KEYS.join(', ')}).`);
  const out: StubConditions = {};
  if (given.query !== undefined) out.query = patterns(given.query, 'when.query', false);
  if (given.exactQuery !== undefined) {
    if (typeof given.exactQuery !== 'boolean') bad('when.exactQuery must be true or false.');
    out.exactQuery = given.exactQuery;
  }
  if (given.headers !== undefined) out.headers = patterns(given.headers, 'when.headers', true);
  if (given.body !== undefined) out.body = given.body;
  return out;
}

function patterns(value: unknown, where: string, lowerNames: boolean): Record<string, string> {
  const given = object(value, where);
  const entries = Object.entries(given);
  if (entries.length > MAX_CONDITIONS) bad(`${where} holds at most ${MAX_CONDITIONS} names, got ${entries.length}.`);
  const out: Record<string, string> = {};
  for (const [name, pattern] of entries) {
    if (typeof pattern !== 'string' || pattern.length > 512) bad(`${where}.${name.slice(0, 64)} must be a text of at most 512 characters.`);
    checkGlob(pattern);
    out[lowerNames ? name.toLowerCase() : name] = pattern;
  }
  return out;
}

function answerHeaders(value: unknown): Record<string, string> {
  const given = object(value, 'headers');
  const entries = Object.entries(given);
  if (entries.length > MAX_CONDITIONS) bad(`headers holds at most ${MAX_CONDITIONS} names, got ${entries.length}.`);
  const out: Record<string, string> = {};
  for (const [name, text] of entries) {
    if (!TOKEN.test(name)) bad(`headers: ${show(name)} is not a header name.`);
    if (OWN_HEADERS.has(name.toLowerCase())) bad(`headers: ${name} is the mock's to write (it follows from the body and the connection).`);
    // RFC 9110 §5.5: a field value is visible ASCII, spaces and tabs; anything else could split the head.
    if (typeof text !== 'string' || text.length > 1024 || !/^[\t\x20-\x7e]*$/.test(text))
      bad(`headers.${name} must be a text of visible ASCII, at most 1024 characters.`);
    out[name] = text;
  }
  return out;
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(`${what} must be a JSON object: ${USAGE}.`);
  return value as Record<string, unknown>;
}

function integer(value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    bad(`${key} must be an integer from ${min} to ${max}, got ${show(value)}.`);
  return value as number;
}

function show(value: unknown): string {
  return (JSON.stringify(value) ?? String(value)).slice(0, 80);
}

function bad(detail: string): never {
  throw new HttpProblem('invalid_request', detail);
}
