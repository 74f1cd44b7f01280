import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { UsageError } from '../config/UsageError.ts';

/** Where the contract lives in a clone of this project, for a git ref given instead of a file. */
export const SPEC_IN_REPO = 'spec/openapi.yaml';

export interface SpecSource {
  /** The file or `REF:spec/openapi.yaml`, as shown in reports. */
  label: string;
  text: string;
}

/**
 * The text of a contract given as a file, or else as a git ref (`main`, `HEAD~1`, a merge base) whose
 * `spec/openapi.yaml` is read with `git show`. A ref is passed as one argument and never starts with `-`, so
 * it cannot be taken for an option of git.
 */
export function readSpecSource(source: string, git: (args: string[]) => string = runGit): SpecSource {
  if (existsSync(source)) {
    try {
      return { label: source, text: readFileSync(source, 'utf8') };
    } catch (error) {
      throw new UsageError(`cannot read ${source}: ${(error as Error).message}`);
    }
  }
  if (source.startsWith('-') || !/^[\w./@^~{}-]+$/.test(source)) throw new UsageError(`${JSON.stringify(source)} is neither a file nor a git ref`);
  const spec = `${source}:${SPEC_IN_REPO}`;
  try {
    return { label: spec, text: git(['show', spec]) };
  } catch (error) {
    const detail = (error as { stderr?: Buffer | string }).stderr?.toString().trim() || (error as Error).message;
    throw new UsageError(`${source} is not a file, and git cannot show ${spec}: ${detail.split('\n')[0]}`);
  }
}

function runGit(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}
