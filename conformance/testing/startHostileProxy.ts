import { readBody, startServer, type RunningServer } from './startServer.ts';

/** Markup, a shell breakout, terminal escapes and characters XML 1.0 forbids: what a hostile target sends. */
export function hostileText(marker: string): string {
  return `"><img src=x onerror=alert(1)><script>alert(2)</script>'; touch ${marker}; '\u001b]0;owned\u0007\u001b[2J\r\u009b31m\u202egnp.exe\u2066 ]]></failure>\uFFFE\uFFFF\u0000`;
}

/**
 * A hostile target in front of a healthy one, for tests: it forwards every request, then answers with the
 * hostile text in a response header, in an extra key of every JSON object body, and as every access token it
 * hands out (translated back on the way in, so the flows still work); `GET /v1/groups/…` answers 500 with it.
 */
export async function startHostileProxy(upstream: string, marker: string): Promise<RunningServer> {
  const evil = hostileText(marker);
  const tokens = new Map<string, string>();
  return startServer(async (req, res) => {
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value !== 'string' || name === 'host' || name === 'content-length' || name === 'connection') continue;
      headers[name] = value.replace(/^Bearer (.*)$/s, (all, token: string) => (tokens.has(token) ? `Bearer ${tokens.get(token)}` : all));
    }
    const path = req.url ?? '/';
    if (req.method === 'GET' && /^\/v1\/groups\/[^/?]+$/.test(path)) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return void res.end(evil);
    }
    const answer = await fetch(upstream + path, { method: req.method ?? 'GET', headers, redirect: 'manual', ...(body ? { body } : {}) });
    const text = await answer.text();
    let out = text;
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json)) {
        const record = json as Record<string, unknown>;
        if (typeof record.access_token === 'string') {
          const hostile = `${evil}${tokens.size}`;
          tokens.set(hostile, record.access_token);
          record.access_token = hostile;
        }
        record.evil = evil;
        out = JSON.stringify(record);
      }
    } catch {
      // not JSON: forwarded as it is
    }
    const outHeaders: Record<string, string> = { 'x-evil': evil.replace(/[^\x20-\x7e]/g, '') };
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') outHeaders[name] = value;
    });
    res.writeHead(answer.status, outHeaders);
    res.end(out);
  });
}
