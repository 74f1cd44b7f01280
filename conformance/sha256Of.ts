import { createHash } from 'node:crypto';

/** sha256 (hex) of a file's exact bytes: the spec a run judged against, the recording a replay sent (the certificate names both). */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
