import { deepEqual, isRecord } from '../checks/values.ts';
import { RecordIndex, type IndexedRecord } from './RecordIndex.ts';
import { isConfiguredCredential, type ConfigValueMap } from './configValueMap.ts';
import type { RecordedCall } from './selectApiEntries.ts';

/** Where a value of a request came from, and what it is on the target. */
export type Mapped = { value: string; from: 'config' | 'client' | 'answer' | 'as recorded'; source?: { call: number; path: string } } | { unmapped: string };

/** What the replay learned so far: each replayed call's recorded and actual answers. */
interface Answered {
  call: RecordedCall;
  actual: unknown;
}

/** Path parameters the client names itself (the synchronization run it uploads in). */
const CLIENT_NAMED = new Set(['syncRunId']);
/** Query parameters that carry no id (paging, sort, flags): sent as recorded. */
const NOT_IDS = new Set(['page', 'limit', 'sort', 'active', 'includes', 'offset', 'per_page', 'pageSize']);

/**
 * Maps the values of recorded requests onto the target, by provenance: a configured value to the target's
 * (configValueMap); a value the client itself sent earlier (an alias it uploaded) as it is; a value taken from an
 * earlier answer to the target's answer at the same place: the object with the same alias when the recorded one
 * had an alias the client uploaded, else the same position in the same request's answer (design §8).
 */
export class ReplayMapper {
  private readonly answered: Answered[] = [];
  private readonly actual = new Map<RecordedCall, unknown>();
  private readonly sentByClient = new Set<string>();
  /** Every recorded answer, indexed once as it is answered: lookups never walk all earlier answers again. */
  readonly index = new RecordIndex();

  constructor(private readonly config: ConfigValueMap) {}

  /** After a call was replayed: its actual answer becomes a source of ids for later calls. */
  answer(call: RecordedCall, actual: unknown): void {
    this.answered.push({ call, actual });
    this.actual.set(call, actual);
    this.index.add(call.responseJson, actual);
  }

  /** Before it is: what a call sent before it is the client's own, whatever answer it got. */
  sent(call: RecordedCall): void {
    collectStrings(call.requestJson, this.sentByClient, 0);
  }

  /**
   * Whether a recorded credential is the one the recording was configured with (masked or whole): the target's
   * own is sent in its place, even on a call refused when recorded, whose refusal was then about something else
   * (another community's group); any other credential was sent on purpose and is sent as recorded.
   */
  isConfiguredCredential(kind: 'token' | 'secret', recorded: string): boolean {
    return isConfiguredCredential(recorded, kind === 'token' ? this.config.recordedToken : this.config.recordedSecret);
  }

  pathParam(name: string, value: string): Mapped {
    const configured = this.config.values.get(value);
    if (configured !== undefined) return { value: configured, from: 'config' };
    if (CLIENT_NAMED.has(name) || this.sentByClient.has(value)) return { value, from: 'client' };
    return (
      this.fromAnswers(value) ?? { unmapped: `${name} ${JSON.stringify(value)} came from no earlier answer of the recording and from no configured value` }
    );
  }

  queryValue(name: string, value: string): string {
    const configured = this.config.values.get(value);
    if (configured !== undefined) return configured;
    if (NOT_IDS.has(name) || value.length < 3 || /^[\d.,-]*$/.test(value) || this.sentByClient.has(value)) return value;
    const mapped = this.fromAnswers(value);
    return mapped && 'value' in mapped ? mapped.value : value;
  }

  /** A request body: configured values replaced at any depth (the community in a data action's context). */
  body(value: unknown, depth = 0): unknown {
    if (depth > 32) return value;
    if (typeof value === 'string') return this.config.values.get(value) ?? value;
    if (Array.isArray(value)) return value.map((v) => this.body(v, depth + 1));
    if (!isRecord(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.body(v, depth + 1)]));
  }

  /**
   * A body the frontend built by reading a record and writing it back with a change (read-modify-write: the PUT
   * of an installation it listed): rebased on the target's record at the same place of the same earlier answer.
   * Every value sent as the recording's answer had it becomes the target's value; what the frontend changed is
   * sent as it changed it (objects compared key by key, so one changed key of `contactInfo` is one key sent).
   * A body shares at least three keys and half of its keys with the record it came from, else it is the
   * frontend's own and is sent as recorded. Ties go to the latest answer, then the first place in it.
   */
  rebase(value: unknown): unknown {
    if (!isRecord(value)) return value;
    const need = Math.max(3, Math.ceil(Object.keys(value).length / 2));
    const actualOf = (entry: IndexedRecord): unknown => valueAt((this.answered[entry.answer] as Answered).actual, entry.path);
    const entry = this.index.best(value, need, (e) => isRecord(actualOf(e)));
    return entry ? rebased(value, entry.record, actualOf(entry) as Record<string, unknown>, 0) : value;
  }

  /** The recorded call whose answer a value came from (latest first), with the path inside that answer. */
  sourceOf(value: string): { answered: Answered; path: Array<string | number> } | undefined {
    const place = this.index.latestPlaceOf(value);
    return place ? { answered: this.answered[place.answer] as Answered, path: place.path } : undefined;
  }

  /** The actual answer of a replayed call. */
  actualOf(call: RecordedCall): unknown {
    return this.actual.get(call);
  }

  private fromAnswers(value: string): Mapped | undefined {
    const found = this.sourceOf(value);
    if (!found) return undefined;
    const { answered, path } = found;
    const source = { call: answered.call.n, path: pointer(path) };
    // The same alias, when the record had one the client itself uploaded: the target stores it unchanged.
    const holder = valueAt(answered.call.responseJson, path.slice(0, -1));
    const key = path.at(-1);
    if (isRecord(holder) && typeof holder.alias === 'string' && key !== 'alias' && this.sentByClient.has(holder.alias)) {
      for (const twin of this.index.twinsOf(holder.alias)) {
        if (typeof twin[key as string] === 'string') return { value: twin[key as string] as string, from: 'answer', source };
      }
    }
    const there = valueAt(answered.actual, path);
    if (typeof there === 'string' || typeof there === 'number') return { value: String(there), from: 'answer', source };
    return { unmapped: `${JSON.stringify(value)} came from call #${answered.call.n} (${source.path} of its answer), where the target's answer has no value` };
  }
}

export function pointer(path: ReadonlyArray<string | number>): string {
  return path.length === 0 ? '(the whole answer)' : `response${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;
}

export function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** `sent` with what it kept of `recorded` replaced by `actual`'s values (see ReplayMapper.rebase). */
function rebased(sent: Record<string, unknown>, recorded: Record<string, unknown>, actual: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sent)) {
    const was = recorded[key];
    const there = actual[key];
    if (key in recorded && deepEqual(value, was)) {
      // Unchanged: the target's own value, or nothing when the target's record has no such key.
      if (key in actual) out[key] = there;
    } else if (depth < 8 && isRecord(value) && isRecord(was) && isRecord(there)) out[key] = rebased(value, was, there, depth + 1);
    else out[key] = value;
  }
  return out;
}

function collectStrings(node: unknown, into: Set<string>, depth: number): void {
  if (depth > 16) return;
  if (typeof node === 'string') into.add(node);
  else if (node !== null && typeof node === 'object') for (const child of Object.values(node)) collectStrings(child, into, depth + 1);
}
