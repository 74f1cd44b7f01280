import { createServer } from 'node:net';

/** Whether a server can bind the port now (it cannot while a server still holds it). */
export function portFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Whether the port is free within `polls` probes, `everyMs` apart: bounded by a count, not a deadline. */
export async function freedWithin(port: number, polls = 100, everyMs = 100): Promise<boolean> {
  for (let i = 0; i < polls; i++) {
    if (await portFree(port)) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}
