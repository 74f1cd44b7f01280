import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { Session } from '../sessions/Session.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/**
 * One request with node:http, which (unlike fetch) sends any header as given: a forged Host, Origin or
 * Sec-Fetch-Site, as a rebinding page or another site would make a browser send them.
 */
export function httpRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON: the text is the body.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A digest of the exported state (what GET /__mock/state answers): equal digests, unchanged state. */
export function stateDigest(deps: Session): string {
  return createHash('sha256').update(JSON.stringify(deps.store.snapshot())).digest('hex');
}
