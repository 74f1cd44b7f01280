/**
 * The server goes when the command that started it goes. `npm start` and `npx edu-mock` run it under
 * `sh -c` (Debian's dash does not exec the last command): `kill <npm's pid>` reaches npm and the shell, never
 * node, which was left holding the port. No signal tells a process its parent died (Linux's PR_SET_PDEATHSIG
 * is not reachable from Node), so it looks: once its parent process id changes, the parent is gone and it
 * was re-parented to init or a subreaper.
 *
 * Only when npm started it (npm sets `npm_lifecycle_event` for scripts and for `npx`): a server started as
 * `nohup node … &` from a shell that then closes is meant to outlive it.
 */
export interface ParentWatch {
  stop(): void;
}

/** Calls `onOrphaned` once when the parent process id is no longer the one at start. */
export function exitWithParent(
  onOrphaned: () => void,
  options: { env?: NodeJS.ProcessEnv; everyMs?: number; parentPid?: () => number } = {},
): ParentWatch | undefined {
  const env = options.env ?? process.env;
  if (!env.npm_lifecycle_event) return undefined;
  const parentPid = options.parentPid ?? (() => process.ppid);
  const first = parentPid();
  // Already orphaned at start (a container's init) or a parent we cannot tell from init: nothing to watch.
  if (first <= 1) return undefined;
  const timer = setInterval(() => {
    if (parentPid() === first) return;
    clearInterval(timer);
    onOrphaned();
  }, options.everyMs ?? 500);
  // Never the reason the process stays up.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
