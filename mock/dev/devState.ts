import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { JournalEntry } from '../journal/JournalEntry.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { StubSet } from '../stubs/StubSet.ts';

/**
 * `npm run dev` restarts the server on every save. --state-file keeps the data; this file keeps what a
 * developer set up around it, per session: the faults switched on, the stubs, the clock's time, the latency and the
 * journal. Written when the server stops (tsx watch sends SIGTERM), read at the next start.
 */
interface SessionControls {
  faults: string[];
  /** The session clock's time when saved. */
  now: string;
  frozen: boolean;
  latency: { ms: number; jitterMs: number };
  journal: Array<Omit<JournalEntry, 'seq'>>;
  /** The session's stubs with their counts (docs/stubs.md); absent in files written before stubs. */
  stubs?: ReturnType<StubSet['exportState']>;
}

interface DevStateFile {
  format: typeof FORMAT;
  /** Wall time of the save: a running clock goes on from its time plus the time the restart took. */
  savedAt: number;
  sessions: Record<string, SessionControls>;
}

const FORMAT = 'edu-mock-dev-state-1';

/** Writes every session's controls (owner-only: the journal holds tokens), replacing the file atomically. */
export function saveDevState(file: string, sessions: SessionRegistry<Session>, wallNow: number): void {
  const out: DevStateFile = { format: FORMAT, savedAt: wallNow, sessions: {} };
  for (const name of sessions.names()) {
    const deps = sessions.find(name);
    if (!deps) continue;
    out.sessions[name] = {
      faults: [...deps.faults],
      now: deps.clock.iso(),
      frozen: deps.clock.frozen,
      latency: { ms: deps.latency.ms, jitterMs: deps.latency.jitterMs },
      journal: deps.journal.list().map(({ seq: _seq, ...entry }) => entry),
      ...(deps.stubs.size > 0 ? { stubs: deps.stubs.exportState() } : {}),
    };
  }
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(out), { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * Puts the saved controls back; returns what it restored, for the log, or why it could not (a file of another
 * format or unreadable is reported and left alone: the start goes on without it).
 */
export function restoreDevState(file: string, sessions: SessionRegistry<Session>, wallNow: number, knownFaults: readonly string[]): string | undefined {
  if (!existsSync(file)) return undefined;
  let saved: DevStateFile;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as DevStateFile;
  } catch (error) {
    return `${file} could not be read (${(error as Error).message.split('\n')[0]}); starting with default controls`;
  }
  if (saved?.format !== FORMAT || typeof saved.sessions !== 'object') return `${file} is not a dev-state file of this version; starting with default controls`;
  const restored: string[] = [];
  for (const [name, controls] of Object.entries(saved.sessions)) {
    let deps;
    try {
      deps = sessions.find(name) ?? sessions.use(name);
    } catch {
      continue;
    }
    deps.faults.clear();
    for (const fault of controls.faults ?? []) if (knownFaults.includes(fault)) deps.faults.add(fault);
    const then = Date.parse(controls.now);
    if (Number.isFinite(then)) deps.clock.set(new Date(deps.clock.frozen || controls.frozen ? then : then + Math.max(0, wallNow - saved.savedAt)));
    deps.latency.ms = Number(controls.latency?.ms) || 0;
    deps.latency.jitterMs = Number(controls.latency?.jitterMs) || 0;
    deps.journal.clear();
    for (const entry of controls.journal ?? []) deps.journal.restore(entry);
    deps.stubs.restoreState(controls.stubs);
    restored.push(`${name} (${deps.faults.size} faults, ${deps.stubs.size} stubs, ${controls.journal?.length ?? 0} journal entries)`);
  }
  return `controls kept from before the restart: ${restored.join(', ') || 'none'}`;
}
