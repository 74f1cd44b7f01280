import { BODY_LIMIT_BYTES, bodyParserError } from '../http/bodyLimit.ts';

/**
 * A Fetch request's body as bytes, or undefined when it has none, under the node:http mount's rules: at most
 * `limit` bytes, 50 MB unless a route asks for more or less (413, refused from Content-Length before reading when it says so), gzip and deflate inflated
 * (DecompressionStream, in browsers and Node alike), any other Content-Encoding a 415 as body-parser says it.
 */
export async function readFetchBody(request: Request, limit = BODY_LIMIT_BYTES): Promise<Uint8Array | undefined> {
  if (request.body === null) return undefined;
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw bodyParserError('request entity too large', 'entity.too.large', 413);
  const encoding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  let stream: ReadableStream<Uint8Array> = request.body;
  if (encoding === 'gzip' || encoding === 'deflate')
    stream = stream.pipeThrough(new DecompressionStream(encoding) as unknown as TransformStream<Uint8Array, Uint8Array>);
  else if (encoding !== 'identity') throw bodyParserError(`unsupported content encoding "${encoding}"`, 'encoding.unsupported', 415);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw bodyParserError('request entity too large', 'entity.too.large', 413);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
