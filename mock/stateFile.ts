import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Dataset } from './store/records.ts';
import type { Store } from './store/Store.ts';

/** Reads a state written by a previous run; a file that is not one is an error, never silently ignored. */
export function readStateFile(file: string): Dataset | undefined {
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as Dataset;
  if (typeof data.seed !== 'number' || !Array.isArray(data.groups) || !Array.isArray(data.tokens)) {
    throw new Error(`${file} is not a mock state file (expected the JSON of GET /__mock/state)`);
  }
  return data;
}

/**
 * Writes the store to `file` whenever it changed, at most every `intervalMs`: to a temporary file first,
 * then renamed over the old one, so a crash mid-write never leaves half a state behind (rename is atomic
 * within a filesystem on POSIX).
 */
export function persistState(store: Store, file: string, intervalMs = 500): { flush(): void; stop(): void } {
  let written = store.version;
  const flush = (): void => {
    if (store.version === written) return;
    const tmp = join(dirname(file), `.${process.pid}.${Math.floor(performance.now())}.tmp`);
    writeFileSync(tmp, JSON.stringify(store.snapshot()));
    renameSync(tmp, file);
    written = store.version;
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
