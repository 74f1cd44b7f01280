import type { ApiAnswer } from '../exchange/ApiExchange.ts';

/**
 * A stub's network fault at a Fetch mount (docs/stubs.md), as MSW spells one: `reset` is `Response.error()`
 * (the caller's fetch rejects with a TypeError); `hang` settles only when the request is aborted (the
 * caller's fetch has rejected with its AbortError already; the handler then answers `Response.error()`, not an
 * exception MSW would log) or, after `maxMs`, with `Response.error()`; `truncate` is a
 * response whose body stream yields half the body and then fails, so reading it rejects.
 */
export function faultResponse(answer: ApiAnswer & { fault: NonNullable<ApiAnswer['fault']> }, signal: AbortSignal): Promise<Response> | Response {
  const fault = answer.fault;
  if (fault.kind === 'reset') return Response.error();
  if (fault.kind === 'hang') {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', aborted);
        resolve(Response.error());
      }, fault.maxMs);
      const aborted = (): void => {
        clearTimeout(timer);
        resolve(Response.error());
      };
      if (signal.aborted) aborted();
      else signal.addEventListener('abort', aborted, { once: true });
    });
  }
  // A stub's answer is whole text or bytes, never a stream.
  const bytes = typeof answer.body === 'string' ? new TextEncoder().encode(answer.body) : answer.body instanceof Uint8Array ? answer.body : new Uint8Array();
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    // Half, then the failure on the next pull: an error raised with the chunk still queued would discard it.
    pull(controller) {
      if (sent) return controller.error(new TypeError('the connection closed before the body ended (a truncate stub)'));
      sent = true;
      controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
    },
  });
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2) {
    const name = answer.headers[i] as string;
    if (name.toLowerCase() !== 'content-length') headers.append(name, answer.headers[i + 1] as string);
  }
  return new Response(body, { status: answer.status, headers });
}
