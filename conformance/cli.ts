import { randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assembleRun, type RunSettings } from './api/assembleRun.ts';
import { parseCliArgs, usage, type CliArgs } from './config/parseCliArgs.ts';
import { resolveConfig } from './config/resolveConfig.ts';
import { UsageError } from './config/UsageError.ts';
import type { VerdictResult } from './report/certificate.ts';
import { painter, shouldColor } from './report/colors.ts';
import { createProgressPrinter } from './report/createProgressPrinter.ts';
import { terminalSafe } from './report/terminalSafe.ts';
import type { RunOptions } from './run/runConformance.ts';
import { UnreachableError } from './run/UnreachableError.ts';
import { suiteIdentity } from './suiteIdentity.ts';

/** 3: nothing failed, but the run's deadline (--timeout) stopped it before every step finished: no verdict of pass. */
export const EXIT = { conformant: 0, failed: 1, usage: 2, incomplete: 3 } as const;

/** The exit code of a finished run: its one verdict. */
const EXIT_OF: Record<VerdictResult, number> = { pass: EXIT.conformant, fail: EXIT.failed, incomplete: EXIT.incomplete };

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
    const result = await assembleRun({
      ...settingsFromArgs(args),
      config,
      seed: args.seed ?? (io.defaultSeed ?? (() => randomInt(1, 2 ** 31 - 1)))(),
      onProgress: createProgressPrinter(io.stdout, painter(color)),
      readFile,
      ...(io.readBytes ? { readBytes: io.readBytes } : {}),
      ...(io.now ? { now: io.now } : {}),
      ...(io.runOptions ? { engine: io.runOptions } : {}),
    });
    const replay = result.certificate.replay;
    io.stdout(result.toConsole({ color }));
    if (replay)
      io.stdout(
        `Replayed ${replay.har} (sha256 ${replay.sha256}): ${replay.calls} API calls${
          Object.keys(replay.leftOut).length > 0
            ? `; left out: ${Object.entries(replay.leftOut)
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
      ['--junit', args.junit, result.toJUnit],
      ['--json', args.json, result.toJson],
      ['--html', args.html, result.toHtml],
      ['--markdown', args.markdown, result.toMarkdown],
    ] as const) {
      if (path === undefined) continue;
      try {
        write(path, make());
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
    return EXIT_OF[result.verdict.result];
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

/** The flags that shape the run, as the assembly takes them (config, seed and the terminal are the caller's). */
const RUN_SETTING_KEYS = [
  'only',
  'readOnly',
  'strict',
  'profile',
  'operations',
  'waivers',
  'minCoverage',
  'timeoutSeconds',
  'requestTimeoutSeconds',
  'showSecrets',
  'saveToken',
  'replay',
  'recordedConfig',
  'generate',
  'replayCase',
] as const satisfies ReadonlyArray<keyof CliArgs & keyof RunSettings>;

/** Those flags the command line was given (an absent one leaves the assembly's default). */
function settingsFromArgs(args: CliArgs): Omit<RunSettings, 'config' | 'seed'> {
  return Object.fromEntries(RUN_SETTING_KEYS.flatMap((key) => (args[key] === undefined ? [] : [[key, args[key]]]))) as Omit<RunSettings, 'config' | 'seed'>;
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
