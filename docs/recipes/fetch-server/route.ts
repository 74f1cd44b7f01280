// app/api/[...path]/route.ts in a Next.js app (or any Fetch server: Bun, Deno, Hono, a Worker): the mock
// answers every request under /api, in memory, in the server's own process.
import { createMock } from 'edu-platform-contract';

const mock = createMock();

async function handle(request: Request): Promise<Response> {
  // The mock's routes start at /v1 and /v2: the route's own /api is cut off.
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/^\/api(?=\/)/, '');
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return mock.fetch(new Request(url, { method: request.method, headers: request.headers, body }));
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as OPTIONS };
