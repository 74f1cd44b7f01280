import { existsSync, readFileSync } from 'node:fs';
import { loadYaml } from '../../spec/loadYaml.ts';
import type { Dataset } from '../../fixtures/records.ts';
import { DEFAULT_SESSION, type LogEntry } from './LogEntry.ts';
import { locate, StateFileError } from './StateFileError.ts';
import type { SeedSource, SessionSnapshot } from './SessionSnapshot.ts';
import { decodeWrites } from './writeCodec.ts';

/** Marks the snapshot envelope written by compaction (a plain `GET /__mock/state` export is read too). */
export const SNAPSHOT_FORMAT = 'edu-platform-mock-state';

export interface DurableState {
  /** How the snapshot's shared base is made again; undefined when there is no snapshot yet. */
  seed?: SeedSource;
  /** Each session in the snapshot, as its base and writes; empty when there is no snapshot yet. */
  sessions: Map<string, SessionSnapshot>;
  /** The last log seq the snapshot contains. */
  snapshotSeq: number;
  /** Log entries after the snapshot, in order. */
  entries: LogEntry[];
  /** The last seq seen (snapshot or log). */
  lastSeq: number;
  /** Bytes of the log up to its last complete line: a torn tail (a write cut by a crash, never acknowledged) is beyond. */
  validLogBytes: number;
  logBytes: number;
}

export function logFileOf(file: string): string {
  return `${file}.log`;
}

/** Reads the snapshot and the log after it; anything corrupt throws a StateFileError naming the file and where. */
export function readDurableState(file: string): DurableState {
  const snapshot = readSnapshot(file);
  const log = readLog(logFileOf(file), snapshot.seq);
  return {
    ...(snapshot.seed ? { seed: snapshot.seed } : {}),
    sessions: snapshot.sessions,
    snapshotSeq: snapshot.seq,
    ...log,
    lastSeq: Math.max(snapshot.seq, log.lastSeq),
  };
}

function parseJson(file: string, text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    // JSON.parse does not always say where (Node 20: "Unexpected token"); the YAML parser (JSON is YAML) does.
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? loadYaml().parseDocument(text).errors[0]?.pos[0] ?? text.length);
    const { line, column, byte } = locate(text, position);
    const where = `at line ${line}, column ${column} (byte ${byte})`;
    throw new StateFileError(`${file}: ${what} is not valid JSON ${where}: ${message}. The file was left as it is.`);
  }
}

function checkDataset(file: string, data: unknown, where: string): Dataset {
  const d = data as Partial<Dataset> | null;
  if (!d || typeof d !== 'object' || typeof d.seed !== 'number' || !Array.isArray(d.groups) || !Array.isArray(d.tokens)) {
    throw new StateFileError(`${file}: ${where} is not a mock state (expected the JSON of GET /__mock/state). The file was left as it is.`);
  }
  return d as Dataset;
}

function readSnapshot(file: string): { seed?: SeedSource; sessions: Map<string, SessionSnapshot>; seq: number } {
  if (!existsSync(file)) return { sessions: new Map(), seq: 0 };
  const data = parseJson(file, readFileSync(file, 'utf8'), 'the snapshot') as Record<string, unknown> | null;
  if (data && typeof data === 'object' && data.format === SNAPSHOT_FORMAT) {
    const sessions = data.sessions as Record<string, unknown> | undefined;
    if (typeof data.logSeq !== 'number' || !sessions || typeof sessions !== 'object')
      throw new StateFileError(`${file}: the snapshot has no logSeq or sessions. The file was left as it is.`);
    if (data.version === 2)
      return {
        seed: checkSeed(file, data),
        sessions: new Map(Object.entries(sessions).map(([name, saved]) => [name, checkSession(file, saved, name)])),
        seq: data.logSeq,
      };
    // Version 1 held every session whole; its default session is the base the others started from.
    const datasets = new Map(Object.entries(sessions).map(([name, ds]) => [name, checkDataset(file, ds, `session "${name}"`)]));
    return { ...wholeSessions(datasets), seq: data.logSeq };
  }
  // A plain export (GET /__mock/state), or a file written before the log existed: the default session.
  return { ...wholeSessions(new Map([[DEFAULT_SESSION, checkDataset(file, data, 'the file')]])), seq: 0 };
}

/** Sessions held whole: the default one is the seed, the others imported their dataset. */
function wholeSessions(datasets: Map<string, Dataset>): { seed?: SeedSource; sessions: Map<string, SessionSnapshot> } {
  const seed = datasets.get(DEFAULT_SESSION);
  const sessions = new Map<string, SessionSnapshot>([...datasets].map(([name, ds]) => [name, { base: name === DEFAULT_SESSION ? 'seed' : ds, writes: [] }]));
  return { ...(seed ? { seed: { dataset: seed } } : {}), sessions };
}

function checkSeed(file: string, data: Record<string, unknown>): SeedSource {
  if (data.seedDataset !== undefined) return { dataset: checkDataset(file, data.seedDataset, 'the seed dataset') };
  const g = data.seed as { seed?: unknown; size?: unknown; groups?: unknown } | undefined;
  if (
    !g ||
    typeof g !== 'object' ||
    !Number.isSafeInteger(g.seed) ||
    (g.size !== 'default' && g.size !== 'large') ||
    (g.groups !== undefined && !(Number.isSafeInteger(g.groups) && (g.groups as number) >= 0))
  ) {
    throw new StateFileError(
      `${file}: the snapshot's seed is not {"seed": integer, "size": "default"|"large", "groups"?: integer}. The file was left as it is.`,
    );
  }
  return { generate: { seed: g.seed as number, size: g.size, ...(g.groups !== undefined ? { groups: g.groups as number } : {}) } };
}

function checkSession(file: string, saved: unknown, name: string): SessionSnapshot {
  const s = saved as { base?: unknown; ops?: unknown; stubs?: unknown } | null;
  const writes = s && typeof s === 'object' ? decodeWrites(s.ops) : undefined;
  if (!s || !writes) {
    throw new StateFileError(
      `${file}: session "${name}" is not {"base": "seed" or a mock state, "ops": [["method", argument], …]}. The file was left as it is.`,
    );
  }
  return {
    base: s.base === 'seed' ? 'seed' : checkDataset(file, s.base, `session "${name}"'s base`),
    writes,
    ...(s.stubs !== undefined ? { extras: { stubs: s.stubs } } : {}),
  };
}

function readLog(file: string, afterSeq: number): Omit<DurableState, 'sessions' | 'snapshotSeq'> {
  if (!existsSync(file)) return { entries: [], lastSeq: 0, validLogBytes: 0, logBytes: 0 };
  const bytes = readFileSync(file);
  const entries: LogEntry[] = [];
  let offset = 0;
  let line = 0;
  let lastSeq = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(0x0a, offset);
    // No newline: the last write was cut short by a crash. It was never acknowledged (the answer waits for the fsync), so it is dropped.
    if (end === -1) break;
    line++;
    const text = bytes.subarray(offset, end).toString('utf8');
    const at = `line ${line} (byte ${offset})`;
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch (error) {
      throw new StateFileError(
        `${file}: ${at} is corrupt: ${(error as Error).message}. The file was left as it is; move it away to start from the snapshot alone.`,
      );
    }
    const e = entry as { seq?: unknown; session?: unknown; ops?: unknown } | null;
    const writes = e && typeof e === 'object' ? decodeWrites(e.ops) : undefined;
    if (!e || typeof e.seq !== 'number' || typeof e.session !== 'string' || !writes) {
      throw new StateFileError(`${file}: ${at} is not a log entry ({"seq", "session", "ops"}). The file was left as it is.`);
    }
    if (e.seq <= lastSeq) throw new StateFileError(`${file}: ${at} has seq ${e.seq} after ${lastSeq}; entries must grow. The file was left as it is.`);
    lastSeq = e.seq;
    if (e.seq > afterSeq) entries.push({ seq: e.seq, session: e.session, writes });
    offset = end + 1;
  }
  return { entries, lastSeq, validLogBytes: offset, logBytes: bytes.length };
}
