import pg from 'pg';

/** A client taken from the pool for a transaction, guarded for as long as it is out. */
export interface CheckedOut {
  client: pg.PoolClient;
  /** The connection broke while out (the 'error' event): nothing more can be sent on it. */
  broken(): Error | undefined;
  /**
   * Gives the client back. With an error (or once broken) the pool closes it instead of reusing it: after a
   * lost connection or a query that timed out on our side (its answer still owed) it is unusable.
   */
  release(error?: unknown): void;
}

/**
 * `pool.connect()` with an 'error' listener attached from the moment the client is out until it is back. The
 * pool listens on idle clients only; a connection lost while a client is checked out (a database restart
 * between two statements of a transaction) emits 'error' on the client, and an 'error' nobody listens to
 * ends the process (Node's EventEmitter). Every checkout of this package goes through here.
 */
export async function checkout(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let released = false;
  const onError = (error: Error): void => {
    broken ??= error;
  };
  client.on('error', onError);
  return {
    client,
    broken: () => broken,
    release(error) {
      if (released) return;
      released = true;
      // The pool attaches its own listener in release, synchronously: the client is never without one.
      client.off('error', onError);
      const reason = error ?? broken;
      client.release(reason === undefined ? undefined : reason instanceof Error ? reason : new Error(String(reason)));
    },
  };
}

/**
 * Whether the connection is still usable after this error: the server answered it (a refused key, a statement
 * or lock timeout), so a ROLLBACK goes through; anything else (a timeout on our side, a lost connection) is not.
 */
export function answeredByServer(error: unknown, out: CheckedOut): boolean {
  return error instanceof pg.DatabaseError && out.broken() === undefined;
}
