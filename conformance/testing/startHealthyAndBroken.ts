import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockTarget, startMockTarget } from './startMockTarget.ts';

export interface HealthyAndBroken {
  /** A folder of the test's own, removed by close(). */
  dir: string;
  healthy: MockTarget;
  /** The mock with two faults the suite must catch: a name filter ignored and the list newest first. */
  broken: MockTarget;
  /** The healthy mock's suite config without its base URL, as a file (`--config`): it serves both. */
  configFile: string;
  close(): Promise<void>;
}

/** The CLI tests' pair of targets: a healthy mock and a broken one, with a config file for both. */
export async function startHealthyAndBroken(prefix: string): Promise<HealthyAndBroken> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const healthy = await startMockTarget();
  const broken = await startMockTarget({ faults: ['ignore-name-filter', 'list-newest-first'] });
  const { baseUrl: _ignored, ...config } = healthy.config;
  const configFile = join(dir, 'conform.json');
  writeFileSync(configFile, JSON.stringify(config));
  return {
    dir,
    healthy,
    broken,
    configFile,
    close: async () => {
      await healthy.close();
      await broken.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
