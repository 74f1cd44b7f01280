import { buildConformConfig, type MockConformConfig } from '../../fixtures/conformConfig.ts';
import { startMock } from '../../mock/testing/startMock.ts';

/** One request of a recorded flow, given the mock's suite config (its token, community, apps) and the last answer. */
export type FlowStep = (config: MockConformConfig, last: unknown) => { method: string; path: string; body?: unknown };

/**
 * A flow recorded as a frontend records one: the steps sent to the in-process mock, then the
 * mock's journal exported as HAR (GET /__mock/journal/har), on the data of `seed` (the default seed's unless
 * given). Tests and the committed fixtures/flows only.
 */
export async function recordFlowHar(steps: readonly FlowStep[], options: { seed?: number } = {}): Promise<string> {
  const mock = await startMock(options.seed !== undefined ? { seed: options.seed } : {});
  try {
    const config = buildConformConfig(mock.deps.store.snapshot());
    let last: unknown;
    for (const step of steps) {
      const { method, path, body } = step(config, last);
      const res = await mock.call(method, path, { token: config.token, community: config.community, ...(body !== undefined ? { body } : {}) });
      if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      last = res.body;
    }
    if (mock.violations.length > 0) throw new Error(`the mock broke its contract: ${mock.violations.join('; ')}`);
    const har = await fetch(`${mock.baseUrl}/__mock/journal/har`);
    return await har.text();
  } finally {
    await mock.close();
  }
}
