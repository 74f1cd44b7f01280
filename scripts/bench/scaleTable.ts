import { formatNumber, type Measure } from './ratios.ts';

export interface ScaleRun {
  /** As given to --sizes: a group count, or `default` / `large`. */
  size: string;
  /** Groups in the first community, as the mock counts them (X-Total-Count). */
  groups: number;
  startupMs: number;
  idleRssBytes: number;
  peakRssBytes: number;
  /** By read: list, read, search, the data actions, user-info. */
  measures: Record<string, Measure>;
  /** Entities per second of the sync upload (undefined: it failed). */
  uploadEntitiesPerSecond?: number | undefined;
}

/** npm start's arguments for a size: `--groups N` for a count, `--size default|large` for the named sets. */
export function startArgs(size: string): string[] {
  if (size === 'default' || size === 'large') return ['--size', size];
  if (/^[1-9]\d*$/.test(size)) return ['--groups', size];
  throw new Error(`a size is a positive whole number of groups, or default or large; got "${size}"`);
}

/** One row per size: groups, start-up, memory, then each read's rate, p99 and CPU per request. */
export function scaleTable(runs: ScaleRun[]): string {
  const reads = [...new Set(runs.flatMap((r) => Object.keys(r.measures)))];
  const head = ['groups', 'start to first answer', 'RSS idle / under load', ...reads.map((name) => `${name}: req/s, p99, µs/req`), 'upload entities/s'];
  const rows = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of runs) {
    const cells = [
      formatNumber(r.groups),
      `${formatNumber(r.startupMs / 1000, 1)} s`,
      `${formatNumber(r.idleRssBytes / 2 ** 20)} / ${formatNumber(r.peakRssBytes / 2 ** 20)} MB`,
      ...reads.map((name) => {
        const m = r.measures[name];
        return m ? `${formatNumber(m.rps)}, ${m.p99} ms, ${formatNumber(m.cpuUsPerReq)}` : '–';
      }),
      r.uploadEntitiesPerSecond === undefined ? '–' : formatNumber(r.uploadEntitiesPerSecond),
    ];
    rows.push(`| ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}
