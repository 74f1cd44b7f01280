import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { devToken, type MockHarness, startMock } from './startMock.ts';

export interface MockFixture {
  mock: MockHarness;
  /** The first seeded community, and its coordenator's development token. */
  community: string;
  token: string;
  /** The data-action secret of an app installed and active in that community. */
  secret: string;
}

/**
 * The hooks every mock test file needs: an in-process mock, fresh for each test or one for the file, handed
 * to `use` each time it starts. After the file, no mock it started may have broken its own contract.
 */
export function useMock(per: 'test' | 'file', use: (fixture: MockFixture) => void): void {
  let current: MockHarness | undefined;
  const violations: string[] = [];
  const start = async (): Promise<void> => {
    if (current) {
      violations.push(...current.violations);
      await current.close();
    }
    const mock = (current = await startMock());
    const community = mock.deps.store.communities()[0]!.id;
    const installation = mock.deps.store.installationsInCommunity(community).find((i) => i.active)!;
    use({ mock, community, token: devToken(mock.deps, community, 'coordenator'), secret: mock.deps.store.app(installation.appId)!.dataActionSecret });
  };
  (per === 'test' ? beforeEach : beforeAll)(start);
  afterAll(async () => {
    violations.push(...(current?.violations ?? []));
    await current?.close();
    expect(violations).toEqual([]);
  });
}
