import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../config/UsageError.ts';

/** A folder of recordings or reports is read whole: bounded, so a wrong folder stops the run with a reason. */
export const FOLDER_LIMITS = { files: 500 } as const;

export interface FolderFile {
  /** The path as given (folder joined with the name), as reports show it. */
  file: string;
  text: string;
}

/**
 * The files of a folder (not its subfolders) whose name ends with `extension`, sorted by name so the output
 * is the same on every machine. A missing folder is a usage error; an empty one is not (a project may commit
 * its recordings later).
 */
export function readFolderFiles(dir: string, extension: string, flag: string): FolderFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new UsageError(`${flag} ${dir}: cannot read the folder: ${(error as Error).message}`);
  }
  const picked = names.filter((n) => n.toLowerCase().endsWith(extension)).sort();
  if (picked.length > FOLDER_LIMITS.files) throw new UsageError(`${flag} ${dir}: more than ${FOLDER_LIMITS.files} ${extension} files`);
  const out: FolderFile[] = [];
  for (const name of picked) {
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      out.push({ file, text: readFileSync(file, 'utf8') });
    } catch (error) {
      throw new UsageError(`${flag}: cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return out;
}
