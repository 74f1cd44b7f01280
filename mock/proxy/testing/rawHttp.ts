import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header lines as sent, names lower-cased; a repeated name keeps every value. */
  headers: Array<[string, string]>;
  body: string;
}

/**
 * Sends `head` (request line and headers, CRLF-separated, without the blank line) and `body` over a fresh
 * socket and reads the answer until the server closes. Tests only: node's http client and fetch normalise
 * the request-target (no absolute-form, no `//` path) and refuse connection-specific headers.
 */
export function rawHttp(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const lines = (split < 0 ? text : text.slice(0, split)).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const headers = lines.slice(1).map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      });
      resolve({ status, headers, body: split < 0 ? '' : text.slice(split + 4) });
    });
    const length = body ? `\r\nContent-Length: ${Buffer.byteLength(body)}` : '';
    // `Connection: close` unless the head says otherwise: the answer ends with the socket.
    const close = /^connection:/im.test(head) ? '' : '\r\nConnection: close';
    // write, not end: a half-closed socket makes node's server drop a request it answers asynchronously.
    socket.write(`${head}${length}${close}\r\n\r\n${body}`);
  });
}
