/** State files left readable by others (an older version made them 0644) become owner-only at start. */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tightenStateFiles } from './tightenStateFiles.ts';

describe('tightenStateFiles', () => {
  it('makes FILE and FILE.log of an older start owner-only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-mode-'));
    const file = join(dir, 'state.json');
    try {
      for (const path of [file, `${file}.log`]) {
        writeFileSync(path, '');
        chmodSync(path, 0o644);
      }
      tightenStateFiles(file);
      for (const path of [file, `${file}.log`]) expect((statSync(path).mode & 0o777).toString(8), path).toBe('600');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
