import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bytes: number;
}

export interface RecordingServer {
  server: Server;
  port: number;
  url: string;
  /** Every request it was sent, in order. */
  received: Received[];
  close(): Promise<void>;
}

/**
 * A stand-in upstream (or an internal host an attacker aims at) on 127.0.0.1:0: it notes every request and
 * answers 200 with a small JSON body and the headers given. Tests only.
 */
export async function startRecordingServer(answerHeaders: OutgoingHttpHeaders = {}): Promise<RecordingServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes });
      const body = JSON.stringify({ ok: true });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length), ...answerHeaders }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
