import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../fixtures/generateDataset.ts';
import { createMemoryStore } from './createMemoryStore.ts';
import { datasetJsonChunks } from './datasetJsonChunks.ts';

const store = createMemoryStore(generateDataset({ seed: 2, groups: 3_000 }));
const [group] = store.queryGroups({ community: 'colegio-horizonte', page: 1, limit: 1, q: 'xadrez' }).items;
store.putGroup({ ...group!, name: 'Xadrez renomeado' });
store.putSyncRun({ _id: 'run-export', community: 'colegio-horizonte', uploads: [] });

describe('datasetJsonChunks', () => {
  it.each([16, 1_000, 64 * 1024])('writes the text JSON.stringify(snapshot) would, in pieces of about %i characters', (size) => {
    const chunks = [...datasetJsonChunks(store.snapshotParts(), size)];
    expect(chunks.join('')).toBe(JSON.stringify(store.snapshot()));
    if (size < 1_000) expect(chunks.length).toBeGreaterThan(100);
    expect(JSON.parse(chunks.join('')).groups).toHaveLength(store.snapshot().groups.length);
  });

  it('is a view of the instant it was taken: writes made while it is read do not show', () => {
    const session = createMemoryStore(generateDataset({ seed: 2 }));
    const before = JSON.stringify(session.snapshot());
    const parts = session.snapshotParts();
    session.putSyncRun({ _id: 'run-later', community: 'colegio-horizonte', uploads: [] });
    expect([...datasetJsonChunks(parts)].join('')).toBe(before);
  });
});
