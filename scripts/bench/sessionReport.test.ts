import { describe, expect, it } from 'vitest';
import { listeningInodes, parseVmRssBytes } from './procParse.ts';
import { combineMeasures, formatRatio2, readRatio, sessionsTable, sessionUpload } from './sessionReport.ts';

const measure = (cpuUsPerReq: number, requests = 1000, extra: Partial<{ rps: number; p50: number; p99: number; failures: number }> = {}) => ({
  requests,
  rps: 4000,
  p50: 1,
  p99: 3,
  cpuUsPerReq,
  rssBytes: 0,
  failures: 0,
  ...extra,
});

describe('/proc parsers', () => {
  it('VmRSS in bytes, undefined without it', () => {
    expect(parseVmRssBytes('Name:\tnode\nVmPeak:\t 900000 kB\nVmRSS:\t  614400 kB\nRssAnon:\t 600000 kB\n')).toBe(614400 * 1024);
    expect(parseVmRssBytes('Name:\tkthreadd\nState:\tS (sleeping)\n')).toBeUndefined();
  });

  it('the inodes listening on a port, not the connections to it nor other ports', () => {
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:A3E2 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 123456 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:A3E2 0100007F:D431 01 00000000:00000000 00:00000000 00000000  1000        0 123999 1 0000000000000000 20 4 30 10 -1',
      '   2: 0100007F:0FA1 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 777777 1 0000000000000000 100 0 0 10 0',
      '',
    ].join('\n');
    expect(listeningInodes(table, 0xa3e2)).toEqual(['123456']);
    expect(listeningInodes(table, 4001)).toEqual(['777777']);
    expect(listeningInodes(table, 80)).toEqual([]);
  });
});

describe('sessionUpload', () => {
  it('one new active group per write, named with the word a search looks for', () => {
    expect(sessionUpload(3, 7, 'matutino')).toEqual({
      groups: { data: [{ alias: 'sessao-3-7', name: 'Turma matutino sessão 3-7', season: '2026', active: true, tags: ['sessao'] }] },
    });
  });
});

describe('combineMeasures', () => {
  it('CPU per request over all requests, mean rate, worst latencies, summed failures', () => {
    const m = combineMeasures([measure(100, 1000, { rps: 3000, p99: 4 }), measure(200, 3000, { rps: 5000, p99: 9, failures: 2 })]);
    expect(m).toMatchObject({ requests: 4000, cpuUsPerReq: 175, rps: 4000, p99: 9, failures: 2 });
  });
});

describe('sessionsTable', () => {
  it('a memory row and a row per read with the ratio and whether each target is met', () => {
    const read = { name: 'list: GET /v1/groups?active=true&limit=20', defaultSession: measure(1000), writtenSession: measure(1150) };
    expect(readRatio(read)).toBeCloseTo(1.15);
    expect(formatRatio2(1.04)).toBe('1.04×');
    const table = sessionsTable(
      {
        sessions: 1000,
        writesPerSession: 10,
        ok: 10_000,
        failed: 0,
        seconds: 20,
        rssAtStartBytes: 600 * 2 ** 20,
        rssAfterBytes: 690 * 2 ** 20,
        estimatedBytes: 30 * 2 ** 20,
      },
      [read],
    ).split('\n');
    expect(table).toHaveLength(4);
    expect(table[2]).toBe(
      "| server RSS, 1,000 sessions × 10 writes (10,000 answered 200, 0 failed, 20.0 s) | 600 MB | 690 MB | +90 MB (the sessions' own estimate: 30.0 MB) | < 200 MB: met |",
    );
    expect(table[3]).toBe(
      '| list: GET /v1/groups?active=true&limit=20: server CPU | 1,000 µs/req (4,000 req/s, p99 3 ms) | 1,150 µs/req (4,000 req/s, p99 3 ms) | 1.15× | ≤ 1.10×: missed |',
    );
  });
});
