import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AREAS, type Area } from '../config/ConformConfig.ts';
import { parseOperations, type CliArgs } from '../config/parseCliArgs.ts';
import { resolveConfig } from '../config/resolveConfig.ts';
import { UsageError } from '../config/UsageError.ts';
import type { Report } from '../report/Report.ts';
import { assembleRun, type RunSettings } from './assembleRun.ts';
import type { ConformanceOptions } from './ConformanceOptions.ts';

export type { ConformanceOptions, ProfileName } from './ConformanceOptions.ts';
export type { Certificate, Report, ReportData, Verdict, VerdictResult, WaivedFailure, WaiverOutcome } from '../report/Report.ts';
export type { CaseResult, ProgressEvent, RunCounts } from '../run/RunResult.ts';
export type { CheckFailure, Severity } from '../checks/Check.ts';
export type { Exchange } from '../client/Exchange.ts';
export type { Area, ConformConfig, OAuthClientConfig } from '../config/ConformConfig.ts';
export type { Coverage, CoverageFigure } from '../report/specCoverage/Coverage.ts';
export type { Waiver } from '../plan/waivers.ts';
export { UsageError } from '../config/UsageError.ts';
export { UnreachableError } from '../run/UnreachableError.ts';
export { AREAS } from '../config/ConformConfig.ts';

/**
 * Runs the conformance suite against `baseUrl` and returns its Report: the steps, waived failures, coverage, the
 * certificate and one `verdict` ("pass", "fail" or "incomplete"), with toJson(), toJUnit(), toHtml() and
 * toMarkdown(). Prints nothing. Throws UsageError for options the command line would refuse, and
 * UnreachableError when nothing answers at the base URL. An aborted `signal` ends the run early with the
 * verdict "incomplete" (or "fail" when a failure was already found), never a thrown error.
 */
export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const args: CliArgs = {
    readOnly: options.readOnly === true,
    strict: options.strict === true,
    help: false,
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.configFile !== undefined ? { configFile: options.configFile } : {}),
    ...(options.headers !== undefined ? { headers: options.headers } : {}),
  };
  const config = resolveConfig(args, options.env ?? process.env, (path) => readFileSync(path, 'utf8'), options.config);
  return assembleRun({ ...settingsOf(options), config, seed: checkedSeed(options.seed) });
}

function settingsOf(o: ConformanceOptions): Omit<RunSettings, 'config' | 'seed'> {
  const replay = typeof o.replay === 'string' ? { har: o.replay } : o.replay;
  const settings: Omit<RunSettings, 'config' | 'seed'> = {
    ...(o.strict !== undefined ? { strict: o.strict } : {}),
    ...(o.readOnly !== undefined ? { readOnly: o.readOnly } : {}),
    ...(o.profile !== undefined ? { profile: o.profile } : {}),
    ...(o.areas !== undefined ? { only: checkedAreas(o.areas) } : {}),
    ...(o.operations !== undefined ? { operations: checkedOperations(o.operations) } : {}),
    ...(o.generate !== undefined ? { generate: checkedCount(o.generate) } : {}),
    ...(o.replayCase !== undefined ? { replayCase: o.replayCase } : {}),
    ...(replay ? { replay: replay.har, ...(replay.recordedConfig ? { recordedConfig: replay.recordedConfig } : {}) } : {}),
    ...(o.waivers !== undefined ? { waivers: o.waivers } : {}),
    ...(o.minCoverage !== undefined ? { minCoverage: checkedNumber('minCoverage', o.minCoverage, 0, 100) } : {}),
    ...(o.timeout !== undefined ? { timeoutSeconds: checkedNumber('timeout', o.timeout, Number.MIN_VALUE, 999_999) } : {}),
    ...(o.requestTimeout !== undefined ? { requestTimeoutSeconds: checkedNumber('requestTimeout', o.requestTimeout, Number.MIN_VALUE, 9_999) } : {}),
    ...(o.showSecrets ? { showSecrets: true } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  };
  if (o.replayCase !== undefined && o.seed === undefined) throw new UsageError('replayCase needs the seed of the run that found the case');
  return settings;
}

function checkedSeed(seed: number | undefined): number {
  if (seed === undefined) return randomInt(1, 2 ** 31 - 1);
  return checkedNumber('seed', seed, 0, 0xffffffff, true);
}

function checkedCount(generate: number | false): number | false {
  return generate === false ? false : checkedNumber('generate', generate, 0, 1000, true);
}

function checkedNumber(name: string, value: number, min: number, max: number, whole = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value)))
    throw new UsageError(`${name} must be a${whole ? ' whole' : ''} number from ${min === Number.MIN_VALUE ? 'above 0' : min} to ${max}, got ${String(value)}`);
  return value;
}

/** The same rules as --operations' list: a list of operationIds (the plan says which the profile holds). */
function checkedOperations(operations: readonly string[]): string[] {
  if (!Array.isArray(operations) || !operations.every((op) => typeof op === 'string'))
    throw new UsageError(`operations takes a list of operationIds; got ${JSON.stringify(operations)}`);
  try {
    return parseOperations(operations.join(','));
  } catch {
    throw new UsageError(`operations takes a list of operationIds such as ["listGroups", "getGroup"]; got ${JSON.stringify(operations).slice(0, 200)}`);
  }
}

function checkedAreas(areas: readonly Area[]): Area[] {
  const unknown = areas.filter((a) => !(AREAS as readonly string[]).includes(a));
  if (unknown.length > 0 || areas.length === 0) throw new UsageError(`areas takes ${AREAS.join(', ')}; got ${JSON.stringify(areas)}`);
  return [...areas];
}
