/** The most of one answer's body the suite reads: past it the answer is a failure, not a crash (10 MiB). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The most of a body an exchange keeps as text once it is parsed; reports show no more than this (64 KiB). */
export const KEPT_BODY_CHARS = 64 * 1024;

export type CappedBody = { text: string; bytes: number } | { overCap: true; bytes: number };

/**
 * Reads a response body up to `cap` bytes, chunk by chunk: a target that answers 200 MB (or never stops)
 * costs at most `cap` bytes of memory; the rest is never read. `onCap` runs the moment the cap is passed, to
 * destroy the connection: cancelling the stream alone lets Node's fetch drain the rest to reuse the socket.
 */
export async function readCappedBody(body: ReadableStream<Uint8Array> | null, cap: number = MAX_BODY_BYTES, onCap?: () => void): Promise<CappedBody> {
  if (!body) return { text: '', bytes: 0 };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > cap) {
      onCap?.();
      await reader.cancel().catch(() => undefined);
      return { overCap: true, bytes };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), bytes };
}

/** A body text bounded for keeping: its first KEPT_BODY_CHARS, and how much was left out. */
export function keptSlice(text: string, max: number = KEPT_BODY_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters not kept]`;
}
