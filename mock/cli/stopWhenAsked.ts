import { exitWithParent } from './exitWithParent.ts';

/**
 * Every long-running entry point (the mock, the validating proxy) stops the same ways: Ctrl-C (SIGINT),
 * `kill <pid>` (SIGTERM), and the command that started it going away (exitWithParent: `kill <pid of npm>` or
 * of `npx`, whose shell does not pass the signal on). `stop` runs once, whichever comes first.
 * SIGHUP keeps Node's default: `nohup` must still be able to ignore it.
 */
export function stopWhenAsked(name: string, stop: () => void): void {
  let stopping = false;
  const once = (): void => {
    if (stopping) return;
    stopping = true;
    stop();
  };
  process.on('SIGINT', once);
  process.on('SIGTERM', once);
  exitWithParent(() => {
    console.error(`${name}: the command that started the server is gone; stopping`);
    once();
  });
}

/** Closes a server and exits: idle keep-alive connections (a browser tab) would hold the port, so they go too. */
export function closeAndExit(server: { close(done: () => void): unknown; closeAllConnections(): void }, graceMs = 2000): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  // A connection that does not close in time (a stalled write) does not keep the port either.
  setTimeout(() => process.exit(0), graceMs).unref();
}
