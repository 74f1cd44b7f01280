import { copyFileSync, existsSync } from 'node:fs';
import { DEFAULT_SPEC_PATH, loadDocument, SpecError } from '../../spec/loadDocument.ts';

/**
 * `npm run dev` restarts on every save of spec/openapi.yaml: a save with a typo must not take the server down
 * until it is fixed. The spec is checked first; when it loads, a copy is kept as the last good one; when it
 * does not, the last good copy is served and `warn` says what is wrong, where. Returns the file to load.
 * Without a last good copy (the very first start) the error stands: there is nothing to serve.
 */
export function devSpecFile(lastGood: string, warn: (line: string) => void, spec: string = DEFAULT_SPEC_PATH): string {
  try {
    loadDocument(spec);
  } catch (error) {
    if (!(error instanceof SpecError) || !existsSync(lastGood)) throw error;
    warn(`mock: THE SPEC HAS AN ERROR, still serving the last good one (${lastGood}) until it is fixed:`);
    warn(`mock:   ${error.message}`);
    return lastGood;
  }
  copyFileSync(spec, lastGood);
  return spec;
}
