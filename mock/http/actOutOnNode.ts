import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiAnswer } from '../exchange/ApiExchange.ts';

/**
 * A stub's network fault on node:http (docs/stubs.md), where a real server's failures happen: on the socket.
 * `reset` destroys it unanswered (the client reads ECONNRESET / "socket hang up"); `hang` writes nothing until
 * the client closes it, or resets it after `maxMs`; `truncate` sends the head, with the whole Content-Length,
 * and half the body, then destroys the socket, so the client sees a body cut short (RFC 9112 §6.3: an
 * incomplete message).
 */
export function actOutOnNode(req: IncomingMessage, res: ServerResponse, answer: ApiAnswer & { fault: NonNullable<ApiAnswer['fault']> }): void {
  const fault = answer.fault;
  if (fault.kind === 'reset') {
    res.destroy();
    return;
  }
  if (fault.kind === 'hang') {
    const timer = setTimeout(() => res.destroy(), fault.maxMs);
    // Whoever closes first: the client giving up, or the bound.
    res.once('close', () => clearTimeout(timer));
    req.resume();
    return;
  }
  // A stub's answer is whole text or bytes, never a stream.
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : Buffer.from(answer.body instanceof Uint8Array ? answer.body : new Uint8Array());
  const headers = withLength(answer.headers, Math.max(1, body.length));
  res.writeHead(answer.status, headers);
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

/** The head with a Content-Length that promises the whole body (at least one byte, so even an empty answer is cut). */
function withLength(headers: string[], length: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2)
    if ((headers[i] as string).toLowerCase() !== 'content-length') out.push(headers[i] as string, headers[i + 1] as string);
  out.push('Content-Length', String(length));
  return out;
}
