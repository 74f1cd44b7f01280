import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Contract } from '../../spec/contract.ts';
import { isRecord } from '../checks/values.ts';
import type { ConformConfig } from '../config/ConformConfig.ts';
import { UsageError } from '../config/UsageError.ts';
import { sha256Of } from '../sha256Of.ts';
import { isArazzoText, readArazzo } from '../arazzo/readArazzo.ts';
import { readHar } from '../har/readHar.ts';
import type { ReplayPlan } from './replayScenario.ts';
import { selectApiEntries } from './selectApiEntries.ts';

/** The configuration the mock's seeded data answers to: what a session recorded on the mock was made with. */
export const DEFAULT_RECORDED_CONFIG = 'fixtures/conform.mock.json';

/**
 * Where that file is: in the working folder (this project's checkout), else beside the installed package
 * (`npx edu-conform` in an implementation's CI: the package ships it, above its dist/ folder).
 */
export function defaultRecordedConfig(exists: (path: string) => boolean = existsSync): string {
  const candidates = [
    DEFAULT_RECORDED_CONFIG,
    ...['../../fixtures/conform.mock.json', '../../../fixtures/conform.mock.json'].map((p) => fileURLToPath(new URL(p, import.meta.url))),
  ];
  return candidates.find(exists) ?? DEFAULT_RECORDED_CONFIG;
}

/**
 * Reads `--replay FILE` (a HAR, or an Arazzo 1.0.1 workflow: conformance/arazzo/readArazzo.ts) and
 * `--recorded-config FILE` (same format as --config) into a plan; usage errors name the file.
 */
export function loadReplayPlan(harFile: string, recordedConfigFile: string, contract: Contract, readBytes: (path: string) => Buffer): ReplayPlan {
  const bytes = read(readBytes, harFile, '--replay');
  const recording = bytes.toString('utf8');
  const arazzo = isArazzoText(recording) ? readArazzo(recording, harFile, contract) : undefined;
  const selected = selectApiEntries(arazzo ? arazzo.exchanges : readHar(recording, harFile), contract);
  const calls = selected.calls;
  const skipped = { ...selected.skipped, ...arazzo?.skipped };
  const text = read(readBytes, recordedConfigFile, '--recorded-config').toString('utf8');
  let recorded: unknown;
  try {
    recorded = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--recorded-config ${recordedConfigFile} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(recorded)) throw new UsageError(`--recorded-config ${recordedConfigFile} must hold a JSON object (the format of --config)`);
  return { file: basename(harFile), sha256: sha256Of(bytes), calls, skipped, recorded: recorded as Partial<ConformConfig> };
}

function read(readBytes: (path: string) => Buffer, path: string, flag: string): Buffer {
  try {
    return readBytes(path);
  } catch (error) {
    throw new UsageError(`${flag}: cannot read ${path}: ${(error as Error).message}`);
  }
}
