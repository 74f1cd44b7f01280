import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { buildContract, type Contract } from '../../spec/contract.ts';
import { parseDocumentText } from '../../spec/loadDocument.ts';

/** Where the contract lives in a clone of this project, for a git ref given instead of a file. */
const SPEC_IN_REPO = 'spec/openapi.yaml';

/**
 * `--previous-spec`: a file, else a git object (`REF:PATH`, e.g. `HEAD~3:spec/openapi.yaml`), else a git ref
 * whose `spec/openapi.yaml` is read (`main`, `v1.2.0`), as `npm run spec:diff -- --base` takes it. The git
 * argument is one argv entry that never starts with `-`, so git cannot take it for an option. Its validators
 * compile as its operations are first asked for. Throws with a message naming what could not be read.
 */
export function loadPreviousContract(source: string, git: (args: string[]) => string = runGit): { contract: Contract; label: string } {
  const { text, label } = readSource(source, git);
  return { contract: buildContract(parseDocumentText(text, label), label, { compile: 'lazy' }), label };
}

function readSource(source: string, git: (args: string[]) => string): { text: string; label: string } {
  if (existsSync(source)) return { text: readFileSync(source, 'utf8'), label: source };
  if (source.startsWith('-') || !/^[\w./@^~{}:-]+$/.test(source))
    throw new Error(`--previous-spec: ${JSON.stringify(source.slice(0, 200))} is neither a file nor a git ref`);
  const object = source.includes(':') ? source : `${source}:${SPEC_IN_REPO}`;
  try {
    return { text: git(['show', object]), label: object };
  } catch (error) {
    const detail = (error as { stderr?: Buffer | string }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(`--previous-spec: ${source} is not a file, and git cannot show ${object}: ${detail.split('\n')[0]}`);
  }
}

function runGit(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}
