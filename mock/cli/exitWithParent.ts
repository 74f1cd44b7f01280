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
/** Set by scripts/start.mjs and the package's bin on their first line: the process id of their parent then. */
export const PARENT_PID_ENV = 'EDU_MOCK_PARENT_PID';

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
  // The parent when the process began (the launchers note it before loading anything: a kill during the
  // second or so of loading must count too), else the parent now.
  const noted = Number(env[PARENT_PID_ENV]);
  const first = Number.isInteger(noted) && noted > 0 ? noted : parentPid();
  // A child of init from the start (a container's entry point): nothing to watch.
  if (first <= 1) return undefined;
  let stopped = false;
  const check = (): void => {
    if (stopped || parentPid() === first) return;
    stopped = true;
    clearInterval(timer);
    onOrphaned();
  };
  const timer = setInterval(check, options.everyMs ?? 500);
  // Never the reason the process stays up.
  timer.unref();
  // Gone already, while the server was loading.
  queueMicrotask(check);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
