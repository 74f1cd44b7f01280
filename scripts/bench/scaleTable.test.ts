import { describe, expect, it } from 'vitest';
import { scaleTable, startArgs } from './scaleTable.ts';

describe('startArgs', () => {
  it.each([
    ['1000', ['--groups', '1000']],
    ['1000000', ['--groups', '1000000']],
    ['default', ['--size', 'default']],
    ['large', ['--size', 'large']],
  ])('%s → %j', (size, want) => {
    expect(startArgs(size)).toEqual(want);
  });

  it.each(['0', '-5', '1e6', 'huge', ''])('refuses %j', (size) => {
    expect(() => startArgs(size)).toThrow(/positive whole number/);
  });
});

describe('scaleTable', () => {
  it('has a row per size with start-up, memory, each read and the upload', () => {
    const m = { requests: 10, rps: 4000, p50: 1, p99: 3, cpuUsPerReq: 150, rssBytes: 0, failures: 0 };
    const table = scaleTable([
      {
        size: '1000',
        groups: 1000,
        startupMs: 850,
        idleRssBytes: 100 * 2 ** 20,
        peakRssBytes: 120 * 2 ** 20,
        measures: { list: m },
        uploadEntitiesPerSecond: 41_234.5,
      },
      { size: '2000', groups: 2000, startupMs: 1850, idleRssBytes: 100 * 2 ** 20, peakRssBytes: 120 * 2 ** 20, measures: {} },
    ]);
    expect(table.split('\n')).toEqual([
      '| groups | start to first answer | RSS idle / under load | list: req/s, p99, µs/req | upload entities/s |',
      '|---|---|---|---|---|',
      '| 1,000 | 0.9 s | 100 / 120 MB | 4,000, 3 ms, 150 | 41,235 |',
      '| 2,000 | 1.9 s | 100 / 120 MB | – | – |',
    ]);
  });
});
