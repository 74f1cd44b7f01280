import { randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContract } from '../spec/contract.ts';
import { checkRegistry } from './checks/registry.ts';
import type { Area } from './config/ConformConfig.ts';
import { parseCliArgs, usage, type CliArgs } from './config/parseCliArgs.ts';
import { generateSettings } from './generate/GenerateSettings.ts';
import { resolveConfig } from './config/resolveConfig.ts';
import { UsageError } from './config/UsageError.ts';
import { painter, shouldColor } from './report/colors.ts';
import { createProgressPrinter } from './report/createProgressPrinter.ts';
import { DEFAULT_PROFILE, findProfile, planAreas } from './plan/profiles.ts';
import { parseWaivers } from './plan/waivers.ts';
import { finishRun } from './report/finishRun.ts';
import { formatConsoleReport } from './report/formatConsoleReport.ts';
import { toHtmlReport } from './report/toHtmlReport.ts';
import { toJsonReport } from './report/toJsonReport.ts';
import { terminalSafe } from './report/terminalSafe.ts';
import { toJunitXml } from './report/toJunitXml.ts';
import { runConformance, type RunOptions } from './run/runConformance.ts';
import { suiteIdentity } from './suiteIdentity.ts';
import { UnreachableError } from './run/UnreachableError.ts';
import { defaultRecordedConfig, loadReplayPlan, replayProfile } from './replay/loadReplayPlan.ts';
import { createReplayScenario } from './replay/replayScenario.ts';
import { AREA_PLAN } from './plan/areaPlan.ts';

export { runConformance } from './run/runConformance.ts';
export type { RunOptions } from './run/runConformance.ts';
export type { RunResult } from './run/RunResult.ts';

/** 3: nothing failed, but the run's deadline (--timeout) stopped it before every step finished: no verdict of pass. */
export const EXIT = { conformant: 0, failed: 1, usage: 2, incomplete: 3 } as const;

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  readFile?: (path: string) => string;
  /** Reads a file's exact bytes (the HAR of --replay, hashed for the certificate). */
  readBytes?: (path: string) => Buffer;
  writeFile?: (path: string, text: string) => void;
  /** Writes a file only its owner may read (--save-token). */
  writeSecret?: (path: string, text: string) => void;
  now?: () => Date;
  /** The seed when --seed is absent (random by default, and printed). */
  defaultSeed?: () => number;
  /** Passed through to runConformance (tests). */
  runOptions?: Partial<RunOptions>;
  /** Whether stdout is a terminal (colours; NO_COLOR and FORCE_COLOR decide first). */
  isTTY?: boolean;
}

/** config → client → scenarios → checks → reporters → exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    if (args.help) {
      io.stdout(usage(io.env.EDU_CONFORM_COMMAND));
      return EXIT.conformant;
    }
    if (args.version) {
      const suite = suiteIdentity();
      io.stdout(`${suite.name} ${suite.version}`);
      return EXIT.conformant;
    }
    const readFile = io.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
    const config = resolveConfig(args, io.env, readFile);
    const color = shouldColor(io.env, io.isTTY);
    const contract = io.runOptions?.contract ?? loadContract();
    const replay = args.replay
      ? loadReplayPlan(args.replay, args.recordedConfig ?? defaultRecordedConfig(), contract, io.readBytes ?? ((path) => readFileSync(path)))
      : undefined;
    const profile = replay ? replayProfile(replay, AREA_PLAN.replay.checks) : findProfile(args.profile ?? DEFAULT_PROFILE);
    const waivers = args.waivers
      ? parseWaivers(readWaivers(readFile, args.waivers), args.waivers, {
          checks: new Set([...checkRegistry.keys(), 'step-error']),
          operations: new Set(contract.operations.keys()),
        })
      : [];
    const now = io.now ?? (() => new Date());
    const raw = await runConformance({
      config,
      areas: replay ? ['replay'] : generateAreas(planAreas(profile, args.only), args),
      ...(replay ? { scenarios: [createReplayScenario(replay)] } : {}),
      generate: generateSettings(typeof args.generate === 'number' ? args.generate : undefined, args.replayCase),
      readOnly: args.readOnly || profile.readOnly,
      strict: args.strict,
      seed: args.seed ?? (io.defaultSeed ?? (() => randomInt(1, 2 ** 31 - 1)))(),
      now,
      onProgress: createProgressPrinter(io.stdout, painter(color)),
      ...(args.showSecrets ? { showSecrets: true } : {}),
      ...(args.saveToken ? { saveToken: resolve(args.saveToken) } : {}),
      ...(args.timeoutSeconds !== undefined ? { deadlineMs: args.timeoutSeconds * 1000 } : {}),
      ...(args.requestTimeoutSeconds !== undefined ? { requestTimeoutMs: args.requestTimeoutSeconds * 1000 } : {}),
      ...io.runOptions,
    });
    const result = finishRun(raw, { contract, profile, waivers, now, ...(args.minCoverage !== undefined ? { minCoverage: args.minCoverage } : {}) });
    if (replay && result.extras)
      result.extras.certificate.replay = { har: replay.file, sha256: replay.sha256, calls: replay.calls.length, leftOut: replay.skipped };
    io.stdout(formatConsoleReport(result, { color }));
    if (replay)
      io.stdout(
        `Replayed ${replay.file} (sha256 ${replay.sha256}): ${replay.calls.length} API calls${
          Object.keys(replay.skipped).length > 0
            ? `; left out: ${Object.entries(replay.skipped)
                .map(([why, n]) => `${n} ${why}`)
                .join(', ')}`
            : ''
        }`,
      );
    const write = io.writeFile ?? writeReport;
    if (args.saveToken) {
      if (result.loginToken) {
        (io.writeSecret ?? writeSecret)(args.saveToken, result.loginToken + '\n');
        io.stdout(`User token of the suite's login written to ${args.saveToken}: export CONFORM_USER_TOKEN="$(cat ${args.saveToken})"`);
      } else io.stderr(`conform: --save-token: no user token was obtained by login in this run, ${args.saveToken} not written`);
    }
    // Each report on its own: one that cannot be made or written (a full disk, a bad path) leaves the others.
    let unwritten = 0;
    for (const [flag, path, make] of [
      ['--junit', args.junit, toJunitXml],
      ['--json', args.json, toJsonReport],
      ['--html', args.html, toHtmlReport],
    ] as const) {
      if (path === undefined) continue;
      try {
        write(path, make(result));
      } catch (error) {
        unwritten++;
        io.stderr(`conform: ${flag} ${path} not written: ${terminalSafe((error as Error).message)}`);
      }
    }
    if (unwritten > 0) return EXIT.usage;
    // Steps the deadline stopped were not skipped for lack of configuration: that run is incomplete (exit 3).
    if (result.incomplete === undefined && result.cases.length > 0 && result.cases.every((c) => c.status === 'skipped')) {
      io.stderr('conform: nothing was tested: every scenario was skipped for lack of configuration (see "Skipped" above)');
      return EXIT.usage;
    }
    if (result.extras?.verdict.result === 'fail' || result.counts.failed > 0) return EXIT.failed;
    return result.extras?.verdict.result === 'incomplete' || result.incomplete !== undefined ? EXIT.incomplete : EXIT.conformant;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`conform: ${error.message}`);
      io.stderr('Run with --help for the options.');
      return EXIT.usage;
    }
    if (error instanceof UnreachableError) {
      io.stderr(`conform: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}

/** --no-generate drops the generative phase; --replay-case runs it alone (the case needs nothing else). */
function generateAreas(areas: Area[], args: CliArgs): Area[] {
  if (args.generate === false) return areas.filter((a) => a !== 'generate');
  if (args.replayCase !== undefined) return ['generate'];
  return areas;
}

function readWaivers(readFile: (path: string) => string, path: string): string {
  try {
    return readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read the waivers file ${path}: ${(error as Error).message}`);
  }
}

function writeSecret(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

function writeReport(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The suite as a process: argv and the terminal in, the exit code out (`npm run conform`, `npx edu-conform`). */
export function runCli(): void {
  main(process.argv.slice(2), {
    env: process.env,
    isTTY: process.stdout.isTTY,
    stdout: (line) => process.stdout.write(line + '\n'),
    stderr: (line) => process.stderr.write(line + '\n'),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`conform: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runCli();
