import type { ServerResponse } from 'node:http';

export interface CapturedBody {
  /** The first `limit` bytes written. */
  head(): Buffer;
  /** Every byte written. */
  size(): number;
}

/**
 * Keeps the first bytes a response writes, for the journal, by wrapping this response's own write/end (as a
 * logging proxy would): the answer itself is untouched and goes out as written. Works on any node:http
 * response, so a plain pipeline and Express share it.
 */
export function captureResponseBody(res: ServerResponse, limit: number): CapturedBody {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  const keep = (chunk: unknown, encoding: unknown): void => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    total += buf.length;
    if (kept < limit) {
      const part = buf.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.length;
    }
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  return { head: () => Buffer.concat(chunks), size: () => total };
}
