import type { JournalEntry } from '../journal/JournalEntry.ts';
import type { ReplicaDatabase } from './ReplicaDatabase.ts';
import type { SessionTails } from './SessionTails.ts';

/** Entries read back per session at most, as each in-memory journal keeps. */
const KEEP = 1000;

/**
 * Before a journal read, the journals it reads are replaced by what the database holds: the exchanges every
 * replica answered, numbered by their place in the database.
 */
export async function refillJournals(db: ReplicaDatabase, tails: SessionTails, session: string): Promise<void> {
  const rows = await db.readJournal(session, session === '*' ? KEEP * 10 : KEEP);
  const bySession = new Map<string, JournalEntry[]>();
  if (session !== '*') bySession.set(session, []);
  for (const row of rows) {
    let list = bySession.get(row.session);
    if (!list) bySession.set(row.session, (list = []));
    list.push({ ...(row.entry as Omit<JournalEntry, 'seq'>), seq: row.id });
  }
  for (const [name, entries] of bySession) tails.depsOf(name).journal.replaceWith(entries);
}
