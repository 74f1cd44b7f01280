import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadContract } from '../../spec/contract.ts';
import { checkRegistry } from '../checks/registry.ts';
import type { Area, ConformConfig } from '../config/ConformConfig.ts';
import { UsageError } from '../config/UsageError.ts';
import { generateScenario } from '../generate/generateScenario.ts';
import { generateSettings } from '../generate/GenerateSettings.ts';
import { AREA_PLAN } from '../plan/areaPlan.ts';
import { claimOperations, keepClaimed, parseProfileFile, type UnclaimedFinding } from '../plan/claimOperations.ts';
import { DEFAULT_PROFILE, findProfile, planAreas, PROFILES, type Profile } from '../plan/profiles.ts';
import { replayProfile } from '../plan/replayProfile.ts';
import { parseWaivers, type Waiver } from '../plan/waivers.ts';
import { defaultRecordedConfig, loadReplayPlan } from '../replay/loadReplayPlan.ts';
import { createReplayScenario } from '../replay/replayScenario.ts';
import { createReport } from '../report/createReport.ts';
import { finishRun } from '../report/finishRun.ts';
import type { Report } from '../report/Report.ts';
import { countCases } from '../run/countCases.ts';
import type { ProgressEvent, RunResult } from '../run/RunResult.ts';
import { runConformance as runEngine, type RunOptions } from '../run/runConformance.ts';
import { scenarios as allScenarios } from '../scenarios/scenarios.ts';

/** Everything a run is made of, resolved: what the command line's flags and runConformance's options both become. */
export interface RunSettings {
  config: ConformConfig;
  seed: number;
  /** The test plan (platform by default). */
  profile?: string;
  /** Narrows the profile's areas (--only). */
  only?: readonly Area[];
  /** The operations the target claims to implement (--operations): the profile narrowed to them. */
  operations?: readonly string[];
  readOnly?: boolean;
  strict?: boolean;
  /** Random cases per operation of the generative phase; false: no phase. */
  generate?: number | false;
  /** One generated case to run again (with the seed of the run that found it). */
  replayCase?: string;
  /** A HAR file to replay (the area `replay`), and the config it was recorded with. */
  replay?: string;
  recordedConfig?: string;
  /** A waivers file, or the waivers themselves. */
  waivers?: string | readonly Waiver[];
  minCoverage?: number;
  timeoutSeconds?: number;
  requestTimeoutSeconds?: number;
  showSecrets?: boolean;
  saveToken?: string;
  signal?: AbortSignal;
  now?: () => Date;
  onProgress?: (event: ProgressEvent) => void;
  readFile?: (path: string) => string;
  readBytes?: (path: string) => Buffer;
  /** Passed through to the engine last (tests: a contract, scenarios, a sleep). */
  engine?: Partial<RunOptions>;
}

/**
 * The one place a run is assembled, for the command line and the programmatic API alike: the plan (profile,
 * areas, the generative phase or the replayed recording), the waivers, the engine's run, then the finished
 * report with its one verdict and its certificate (the replayed HAR included). Usage errors are UsageError;
 * a target that does not answer at all is UnreachableError.
 */
export async function assembleRun(settings: RunSettings): Promise<Report> {
  const readFile = settings.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const contract = settings.engine?.contract ?? loadContract();
  const replay = settings.replay
    ? loadReplayPlan(settings.replay, settings.recordedConfig ?? defaultRecordedConfig(), contract, settings.readBytes ?? ((path) => readFileSync(path)))
    : undefined;
  const planned = replay ? replayProfile(replay, AREA_PLAN.replay.checks) : resolveProfile(settings.profile, readFile);
  const profile = settings.operations ? claimOperations(planned, settings.operations) : planned;
  // A claim (--operations or a profile file) is what the run judges: recorded in the certificate for conform:diff.
  const claimed = settings.operations || isProfileFile(settings.profile) ? profile.operations : undefined;
  const known = { checks: new Set([...checkRegistry.keys(), 'step-error']), operations: new Set(contract.operations.keys()) };
  // Waivers given as a list are held to the file's rules: a waiver naming no known check could never match.
  const waivers =
    typeof settings.waivers === 'string'
      ? parseWaivers(readWaivers(readFile, settings.waivers), settings.waivers, known)
      : settings.waivers
        ? parseWaivers(JSON.stringify(settings.waivers), 'the waivers option', known)
        : [];
  const now = settings.now ?? (() => new Date());
  const generated = generateSettings(typeof settings.generate === 'number' ? settings.generate : undefined, settings.replayCase);
  // The generative phase sends nothing to an operation the target does not claim.
  const generate = claimed ? { ...generated, operations: claimed } : generated;
  const raw = await runEngine({
    config: settings.config,
    areas: replay ? ['replay'] : generateAreas(planAreas(profile, settings.only), settings),
    // The engine runs what it is given: the recording alone, or the scenarios and the generative phase.
    scenarios: replay ? [createReplayScenario(replay)] : [...allScenarios, generateScenario(generate)],
    readOnly: settings.readOnly === true || profile.readOnly,
    strict: settings.strict === true,
    seed: settings.seed,
    now,
    ...(settings.onProgress ? { onProgress: settings.onProgress } : {}),
    ...(settings.showSecrets ? { showSecrets: true } : {}),
    ...(settings.saveToken ? { saveToken: resolve(settings.saveToken) } : {}),
    ...(settings.timeoutSeconds !== undefined ? { deadlineMs: settings.timeoutSeconds * 1000 } : {}),
    ...(settings.requestTimeoutSeconds !== undefined ? { requestTimeoutMs: settings.requestTimeoutSeconds * 1000 } : {}),
    ...(settings.signal ? { signal: settings.signal } : {}),
    ...settings.engine,
  });
  const { run, unclaimed } = claimed ? judgeClaimed(raw, claimed) : { run: raw, unclaimed: [] };
  const data = finishRun(run, {
    contract,
    profile,
    waivers,
    now,
    ...(settings.minCoverage !== undefined ? { minCoverage: settings.minCoverage } : {}),
    ...(replay ? { replay: { har: replay.file, sha256: replay.sha256, calls: replay.calls.length, leftOut: replay.skipped } } : {}),
  });
  const claim = claimed ? { certificate: { ...data.certificate, operations: [...claimed] }, unclaimed } : {};
  return createReport({ ...data, ...claim }, contract);
}

/** A profile file is named by its path (FILE.json); any other value is the name of a built-in profile. */
function isProfileFile(name: string | undefined): name is string {
  return name !== undefined && !PROFILES.some((p) => p.name === name) && name.endsWith('.json');
}

/** The named profile, or a profile file narrowing the platform to the operations it claims. */
function resolveProfile(name: string | undefined, readFile: (path: string) => string): Profile {
  if (!isProfileFile(name)) return findProfile(name ?? DEFAULT_PROFILE);
  let text: string;
  try {
    text = readFile(name);
  } catch (error) {
    throw new UsageError(`cannot read the profile file ${name}: ${(error as Error).message}`);
  }
  return parseProfileFile(text, name, findProfile(DEFAULT_PROFILE));
}

/**
 * The run judged on the claimed operations alone: failures on others are taken out and reported apart, and
 * the steps counted again (a step failing only on an unclaimed operation passes).
 */
function judgeClaimed(raw: RunResult, claimed: readonly string[]): { run: RunResult; unclaimed: UnclaimedFinding[] } {
  const { cases, unclaimed } = keepClaimed(raw.cases, claimed);
  const counts = countCases(cases);
  return { run: { ...raw, cases, counts, conformant: counts.failed === 0 && raw.incomplete === undefined }, unclaimed };
}

/** No generative phase (generate: false); a generated case replayed alone (it needs nothing else). */
function generateAreas(areas: Area[], settings: RunSettings): Area[] {
  if (settings.generate === false) return areas.filter((a) => a !== 'generate');
  if (settings.replayCase !== undefined) return ['generate'];
  return areas;
}

function readWaivers(readFile: (path: string) => string, path: string): string {
  try {
    return readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read the waivers file ${path}: ${(error as Error).message}`);
  }
}
