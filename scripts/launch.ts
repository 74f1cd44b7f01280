/**
 * `npm run dev` and `npm run proxy` start here (`node --import tsx scripts/launch.ts …`), so that a `kill` of
 * npm's process id frees the port. npm runs a script under `sh -c`, and Debian's dash neither execs the command
 * nor passes npm's SIGTERM on: the shell died and left tsx and the server holding the port. This launcher is
 * the shell's child and notices when the shell goes (mock/cli/exitWithParent.ts).
 *
 * - `launch.ts ENTRY.ts [args]` runs the entry in this very process (the tsx loader is already here): the
 *   entry stops itself on SIGINT, SIGTERM and its parent going (mock/cli/stopWhenAsked.ts).
 * - `launch.ts watch [tsx watch args]` runs `tsx watch` as its child, passes SIGTERM on to it (tsx passes it
 *   to the server), and sends it SIGTERM when the shell goes. SIGINT is not passed on: Ctrl-C already
 *   reaches the whole foreground process group, and tsx answers a second signal by killing the server with
 *   SIGKILL, before it could save its state.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitWithParent, PARENT_PID_ENV } from '../mock/cli/exitWithParent.ts';

// The shell that npm started: gone means npm was stopped.
process.env[PARENT_PID_ENV] = String(process.ppid);
const [first, ...rest] = process.argv.slice(2);
if (first === undefined) {
  console.error('usage: node --import tsx scripts/launch.ts (ENTRY.ts | watch TSX-WATCH-ARGS) [args]');
  process.exit(2);
}

if (first === 'watch') {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  // The server's parent is tsx, not the shell: it must not compare its parent with the shell noted here.
  const env = { ...process.env };
  delete env[PARENT_PID_ENV];
  const child = spawn(process.execPath, [tsx, 'watch', ...rest], { stdio: 'inherit', env });
  const stop = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', () => undefined);
  exitWithParent(stop);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  // The entry reads its options from process.argv.slice(2), as when it is run itself.
  process.argv.splice(1, 1);
  await import(pathToFileURL(resolve(first)).href);
}
