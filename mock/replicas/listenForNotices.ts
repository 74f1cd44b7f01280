import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectionSettings } from './databaseTimeouts.ts';
import { parseNotice } from './parseNotice.ts';
import type { Listening, Notice } from './ReplicaDatabase.ts';

/** The channel every commit, dropped session and journal request is told on. */
export const CHANNEL = 'mock_log';
/** The first pause before connecting again, doubled after each failure up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2000;

/**
 * A dedicated connection LISTENing on the channel, and on a fence channel of its own. When it breaks (a
 * database restart) or stalls (a fence or the LISTEN not answered within the timeout: a stopped database, a
 * cut with no RST), it is dropped and made again after a pause that grows while it keeps failing. Each time it
 * is lost or made again `{ listening }` is told: what the replica knew of the sessions' heads is then void,
 * and requests read their session's head until notifications prove it again (SeenCommits.ts), for a
 * notification sent while it was down was lost.
 */
export function listenForNotices(connectionString: string, timeoutMs: number, onNotice: (notice: Notice) => void, log: (line: string) => void): Listening {
  let stopped = false;
  let client: pg.Client | undefined;
  let ready = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = FIRST_RETRY_MS;
  let drop: (error: Error) => void = () => undefined;
  // Its own channel: no other replica wakes for this one's fences.
  const fenceChannel = `mock_fence_${randomBytes(6).toString('hex')}`;
  const connect = (): void => {
    if (stopped) return;
    const c = new pg.Client(connectionSettings(connectionString, timeoutMs));
    client = c;
    let failed = false;
    const again = (error?: Error): void => {
      if (failed) return;
      failed = true;
      if (ready) onNotice({ listening: false });
      ready = false;
      c.end().catch(() => undefined);
      if (stopped) return;
      if (error) log(`mock: the database notice channel broke (${error.message}); connecting again in ${pause} ms`);
      retry = setTimeout(connect, pause);
      pause = Math.min(MAX_RETRY_MS, pause * 2);
    };
    drop = again;
    c.on('error', again);
    c.on('end', () => again());
    c.on('notification', (message) => {
      if (message.channel === fenceChannel) {
        onNotice({ fence: Number(message.payload) });
        return;
      }
      const notice = parseNotice(message.payload ?? '');
      if (notice) onNotice(notice);
    });
    c.connect()
      .then(() => c.query(`LISTEN ${CHANNEL}; LISTEN ${fenceChannel}`))
      .then(() => {
        if (failed || stopped) return;
        ready = true;
        pause = FIRST_RETRY_MS;
        onNotice({ listening: true });
      })
      .catch((error: Error) => again(error));
  };
  connect();
  return {
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      client?.end().catch(() => undefined);
    },
    fence(id) {
      const c = client;
      if (!ready || !c) return;
      // The simple protocol: one message, no parse and bind. Not answered in time, the connection is taken as
      // stalled and made again (a query timeout leaves its answer owed: the connection cannot be reused).
      c.query(`NOTIFY ${fenceChannel}, '${id}'`).catch((error: Error) => {
        if (c === client) drop(error);
      });
    },
  };
}
