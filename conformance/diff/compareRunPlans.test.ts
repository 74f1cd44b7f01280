import { describe, expect, it } from 'vitest';
import { conformDiff } from '../../scripts/conformDiff.ts';
import { compareRunPlans, type RunPlan } from './compareRunPlans.ts';
import { diffReports, formatDiff, type ReportForDiff } from './diffReports.ts';

const PLAN: RunPlan = { profile: 'platform', seed: 7, strict: false, readOnly: false, areas: ['groups', 'sync'], waiversApplied: [] };
const step = (title: string, failures: Array<{ check: string; operationId?: string }>, extra: Record<string, string> = {}) => ({
  area: 'groups',
  title,
  status: failures.length > 0 ? 'failed' : 'passed',
  failures: failures.map(({ check, operationId }) => ({ check, message: `${check} broke`, exchange: operationId ? { operationId } : {} })),
  ...extra,
});
const reportOf = (certificate: RunPlan, cases: ReportForDiff['cases'] = []): ReportForDiff => ({ cases, certificate });

describe('compareRunPlans: what decides the verdicts, told apart', () => {
  it.each<[string, Partial<RunPlan>, string]>([
    ['strictness', { strict: true }, 'strict: false → true'],
    ['the profile', { profile: 'read-only' }, 'profile: platform → read-only'],
    ['the seed', { seed: 8 }, 'seed: 7 → 8'],
    ['the claimed operations', { operations: ['listGroups'] }, 'operations: (every operation of the profile) → listGroups'],
    ['the areas', { areas: ['groups'] }, 'areas: groups,sync → groups'],
    ['read-only', { readOnly: true }, 'read-only: false → true'],
  ])('names a difference of %s', (_name, change, said) => {
    const [only, ...rest] = compareRunPlans(PLAN, { ...PLAN, ...change });
    expect(rest).toEqual([]);
    expect(`${only?.what}: ${only?.before} → ${only?.after}`).toBe(said);
  });

  it('finds nothing between two runs made alike, or where an older report does not record a field', () => {
    expect(compareRunPlans(PLAN, { ...PLAN, areas: ['sync', 'groups'] })).toEqual([]);
    expect(compareRunPlans({}, PLAN)).toEqual([]);
  });

  it('tells waivers apart only when a rule one run waived is failed unwaived by the other (not when it was fixed)', () => {
    const waived = { ...PLAN, waiversApplied: [{ check: 'filter-matches', operation: 'listGroups' }] };
    expect(compareRunPlans(waived, PLAN, { before: [], after: [] })).toEqual([]);
    expect(compareRunPlans(waived, PLAN, { before: [], after: [{ check: 'filter-matches', operation: 'listGroups' }] })).toEqual([
      { what: 'waivers', before: 'waives filter-matches on listGroups', after: 'fails filter-matches on listGroups unwaived' },
    ]);
  });
});

describe('conform:diff on runs made differently, and on an incomplete run', () => {
  const run = (files: Record<string, ReportForDiff>, argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = conformDiff(argv, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), readFile: (p) => JSON.stringify(files[p]) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('refuses (exit 2) runs that differ in strictness, naming it, and compares them with --force under a loud warning', () => {
    const files = { 'a.json': reportOf(PLAN), 'b.json': reportOf({ ...PLAN, strict: true }, [step('filter', [{ check: 'pages-disjoint' }])]) };
    const refused = run(files, ['a.json', 'b.json']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/made differently[\s\S]*strict: false → true[\s\S]*--force/);
    expect(refused.out).toBe('');
    const forced = run(files, ['--force', 'a.json', 'b.json']);
    expect(forced.code).toBe(1);
    expect(forced.out).toMatch(/^WARNING: the runs differ in strict: false → true/m);
  });

  it('reads the "incomplete" verdict: a step the new run did not finish is not fixed, and the run is named incomplete', () => {
    const before = reportOf(PLAN, [step('filter', [{ check: 'filter-matches', operationId: 'listGroups' }])]);
    // The report's one verdict says so (its certificate's copy is not what a reader of the report goes by).
    const after: ReportForDiff = {
      verdict: { result: 'incomplete' },
      ...reportOf({ ...PLAN, result: 'pass' }, [
        { ...step('filter', []), status: 'skipped', skipReason: 'not finished: the deadline passed before this step' },
      ]),
    };
    const diff = diffReports(before, after);
    expect(diff.fixed).toEqual([]);
    expect(diff.unfinished.map((s) => s.step)).toEqual(['groups › filter']);
    expect(diff.incomplete).toEqual(['after']);
    const text = formatDiff(diff);
    expect(text).toMatch(/^WARNING: the new run is incomplete/m);
    expect(text).toMatch(/^Fixed: 0$/m);
    expect(text).toMatch(/^Not finished by the new run \(not fixed\): 1$/m);
  });
});
