import type { Journal } from '../journal/Journal.ts';
import type { JournalEntry } from '../journal/JournalEntry.ts';
import type { JournalQuery } from '../journal/journalQuery.ts';

/** The journals beside the asking session's own: each session keeps its own. */
export interface OtherJournals {
  /** A session's journal, if that session exists. */
  named(name: string): Journal | undefined;
  /** Every session's journal. */
  all(): Journal[];
}

/**
 * The journals a query reads: the asking session's own, unless a `session` filter names another (`*`: every
 * session). Each session's entries carry its name, so the filter still applies inside them.
 */
export function journalsFor(own: Journal, others: OtherJournals, query: JournalQuery): Journal[] {
  if (query.session === undefined) return [own];
  if (query.session === '*') return others.all();
  return [others.named(query.session)].filter((j): j is Journal => j !== undefined);
}

/** GET /__mock/journal: the entries that match, oldest first, merged by time across sessions. */
export function listJournal(own: Journal, others: OtherJournals, query: JournalQuery): JournalEntry[] {
  const journals = journalsFor(own, others, query);
  if (journals.length === 1) return (journals[0] as Journal).list(query);
  const merged = journals.flatMap((j) => j.list({ ...query, limit: undefined })).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return query.limit === undefined ? merged : merged.slice(-query.limit);
}

/** POST or GET /__mock/journal/count. */
export function countJournal(own: Journal, others: OtherJournals, query: JournalQuery): number {
  return journalsFor(own, others, query).reduce((n, j) => n + j.count(query), 0);
}

/** The HAR file's creator, whoever writes it. */
export const HAR_CREATOR = { name: 'edu-mock', version: '1' };
