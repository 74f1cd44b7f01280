import type { JournalEntry } from '../journal/JournalEntry.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import { isSessionName } from '../sessions/sessionName.ts';
import type { ReplicaDatabase } from './ReplicaDatabase.ts';
import type { SessionTails } from './SessionTails.ts';

/** Entries read back per session at most, as each in-memory journal keeps. */
const KEEP = 1000;

/**
 * Before a journal read, the journals it reads are replaced by what the database holds: the exchanges every
 * replica answered, numbered by their place in the database. Only sessions the database has are filled: a
 * journal read that names a session (`?session=NAME`) reads it, it never makes it (one mock's journal routes
 * look the session up, they do not create it), so no number of such reads adds a session or its memory.
 */
export async function refillJournals(db: ReplicaDatabase, tails: SessionTails, sessions: SessionRegistry<Session>, session: string): Promise<void> {
  let known: Set<string>;
  if (session === '*') known = new Set(await db.sessionNames());
  else if (isSessionName(session) && (await db.heads([session])).has(session)) known = new Set([session]);
  else return;
  const rows = await db.readJournal(session, session === '*' ? KEEP * 10 : KEEP);
  const bySession = new Map<string, JournalEntry[]>();
  // A session with no entries in the database reads as empty here too (cleared on another replica).
  for (const name of known) if (session !== '*' || sessions.find(name) !== undefined) bySession.set(name, []);
  for (const row of rows) {
    if (!known.has(row.session)) continue;
    let list = bySession.get(row.session);
    if (!list) bySession.set(row.session, (list = []));
    list.push({ ...(row.entry as Omit<JournalEntry, 'seq'>), seq: row.id });
  }
  for (const [name, entries] of bySession) tails.depsOf(name).journal.replaceWith(entries);
}
