import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';

export interface Checkout {
  dir: string;
  /** The short commit of its HEAD, when the folder is a git checkout. */
  commit: string | undefined;
  /** How the bench names it: "mock before (abc1234)", or the folder's name when there is no commit to read. */
  label: string;
}

/** Names another checkout of this project (`--baseline DIR`) by its commit, falling back to its folder's name. */
export function describeCheckout(dir: string, readCommit = gitShortHead): Checkout {
  const commit = readCommit(dir);
  return { dir, commit, label: `mock before (${commit ?? basename(dir)})` };
}

function gitShortHead(dir: string): string | undefined {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}
