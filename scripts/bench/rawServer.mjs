// The ceiling: a bare node:http server answering, for each benchmarked request, the bytes the mock answered
// to it (recorded before the run). It reads request bodies in full, as any server must, and nothing else.
// Plain JavaScript, run by node itself: no loader, nothing between node:http and the answer.
//   node scripts/bench/rawServer.mjs ANSWERS.json   (prints "listening on http://…")
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { stdout } from 'node:process';
import { createServer } from 'node:http';

const answers = new Map();
for (const a of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  const body = Buffer.from(a.body, 'base64');
  answers.set(a.key, { status: a.status, headers: { ...a.headers, 'content-length': String(body.length) }, body });
}

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  req.on('data', () => undefined);
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.listen(0, '127.0.0.1', () => {
  stdout.write(`raw: listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
