/** One side of an exchange as the journal keeps it: headers and body, secrets masked, the body bounded. */
export interface JournalMessage {
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, else its text; absent when there was none. */
  body?: unknown;
  /** Bytes the body had on the wire. */
  size: number;
  /** Set when the body was longer than the journal keeps: `body` is then the first part of its text. */
  truncated?: true;
}

/** The last requests the mock received, newest last, for `GET /__mock/journal` (WireMock's request journal). */
export interface JournalEntry {
  seq: number;
  at: string;
  method: string;
  url: string;
  /** The URL's path, percent-decoded where it decodes. */
  path: string;
  operationId?: string;
  /** With --previous-spec: the contract that answered (X-Contract-Version). */
  contractVersion?: 'current' | 'previous';
  /** The `X-Mock-Session` the request named, or `default`. */
  session: string;
  status: number;
  durationMs: number;
  request: JournalMessage;
  response: JournalMessage;
  /** Set when the mock's own answer broke the contract (should never happen). */
  violations?: string[];
  /** The stub that answered (docs/stubs.md), and the network fault it acted out. */
  stub?: { id: string; fault?: string };
  /** Where a stub's answer leaves the contract (an undocumented status, a body the schema refuses): asked for, not a bug. */
  outsideContract?: string[];
}
