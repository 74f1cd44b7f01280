/**
 * The mock as an embedding user gets it: createApp()'s Express app, served by Express alone (app.listen), so
 * API requests go through Express's router to the pipeline's middleware. Same flags as npm start for the data.
 *   node --import tsx scripts/bench/expressMount.ts [--seed N] [--size default|large]   (prints "listening on http://…")
 */
import { parseArgs } from 'node:util';
import { createApp } from '../../mock/app.ts';
import { createDeps } from '../../mock/createDeps.ts';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' }, size: { type: 'string', default: 'default' } } });
const deps = createDeps({ seed: Number(values.seed), size: values.size === 'large' ? 'large' : 'default' });
const { app } = createApp(deps);
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`express mount: listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
