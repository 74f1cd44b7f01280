import { chmodSync, existsSync } from 'node:fs';

/** `--state-file FILE`: FILE and FILE.log, when they exist already, made readable and writable by their owner only. */
export function tightenStateFiles(file: string): void {
  for (const path of [file, `${file}.log`]) {
    try {
      if (existsSync(path)) chmodSync(path, 0o600);
    } catch {
      // Not ours to change (another owner): reading it says what is wrong, if anything.
    }
  }
}
