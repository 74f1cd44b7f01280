import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocumentText, SpecError } from '../../spec/loadDocument.ts';
import { UsageError } from '../config/UsageError.ts';
import type { Waiver } from '../plan/waivers.ts';
import { diffSpecs } from './diffSpecs.ts';
import { countLevels, formatSpecDiffMarkdown, formatSpecDiffText, type SpecDiffResult } from './formatSpecDiff.ts';
import { readSpecSource, SPEC_IN_REPO, type SpecSource } from './readSpecSource.ts';
import { applySpecDiffWaivers, parseSpecDiffWaivers } from './specDiffWaivers.ts';
import { buildContract } from '../../spec/buildContract.ts';
import type { OpenAPIV3_1 } from 'openapi-types';
import { staticFlowImpact, withReplay, type FlowImpact } from './flowImpact.ts';
import { readFolderFiles } from './readFolderFiles.ts';
import { reportImpact } from './reportImpact.ts';
import type { FlowReplayer, SpecDiffImpact } from './SpecDiffImpact.ts';
import type { SpecChange } from './SpecChange.ts';

export const SPEC_DIFF_USAGE = `Usage: npm run spec:diff -- --base REF|FILE [--head FILE] [options]
       edu-conform spec-diff OLD NEW [options]

Lists every change of the contract from the old version to the new one, each with its JSON pointer, a
sentence and two grades (breaking, potentially-breaking, safe): for clients (frontends and apps calling the
API) and for implementations (the platform). For the two data actions the app implements and the platform
calls: their grades are given with those roles. A ref is read as git show REF:${SPEC_IN_REPO}.

Options:
  --base REF|FILE   the old contract (a git ref such as main, or a file)
  --head REF|FILE   the new contract (default: ${SPEC_IN_REPO} of the work tree)
  --waivers FILE    the suite's waivers file: [{check: RULE, operation?, reason, expires: YYYY-MM-DD}]
  --json FILE       write the result as JSON
  --markdown FILE   write a markdown summary (a pull-request comment, $GITHUB_STEP_SUMMARY)
  --flows DIR       recorded flows (*.har): the calls that reach an operation with a change breaking for
                    their sender; with npm run spec:diff each is also replayed on a mock of the new contract
  --reports DIR     conformance reports (*.json, conform --json): stale certificates (specSha256 of the old
                    contract) and their steps on changed operations
Exit codes: 0 no breaking change (or every one waived), 1 a breaking change, 2 bad usage.`;

export interface SpecDiffIo {
  stdout(line: string): void;
  stderr(line: string): void;
  now(): Date;
  /** The contract of the work tree, the default --head. */
  defaultHead: string;
  read?(source: string): SpecSource;
  writeFile?(path: string, text: string): void;
  /** Replays the flows on a mock of the new contract (npm run spec:diff gives one; the package does not). */
  replay?: FlowReplayer;
}

/** Runs the diff from command-line arguments; returns the exit code. */
export async function specDiffCli(argv: string[], io: SpecDiffIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        waivers: { type: 'string' },
        json: { type: 'string' },
        markdown: { type: 'string' },
        flows: { type: 'string' },
        reports: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(SPEC_DIFF_USAGE);
      return 0;
    }
    if (positionals.length > 2) throw new UsageError(`at most two contracts (OLD NEW), got ${positionals.length}`);
    const baseArg = values.base ?? positionals[0];
    const headArg = values.head ?? positionals[values.base === undefined ? 1 : 0] ?? io.defaultHead;
    if (baseArg === undefined) throw new UsageError('give the old contract: --base REF|FILE (or OLD NEW)');
    if (values.base !== undefined && positionals.length > (values.head === undefined ? 1 : 0))
      throw new UsageError('give the contracts either as --base/--head or as OLD NEW');
    const read = io.read ?? readSpecSource;
    const base = read(baseArg);
    const head = read(headArg);
    const parse = (s: SpecSource) => {
      try {
        return parseDocumentText(s.text, s.label);
      } catch (error) {
        if (error instanceof SpecError) throw new UsageError(error.message);
        throw error;
      }
    };
    const baseDoc = parse(base);
    const headDoc = parse(head);
    const changes = diffSpecs(baseDoc, headDoc);
    const waivers = values.waivers === undefined ? [] : readWaivers(values.waivers, new Set([...operationIds(baseDoc), ...operationIds(headDoc)]));
    const { kept, waived, expired, stale } = applySpecDiffWaivers(changes, waivers, io.now());
    const baseSha = sha256(base.text);
    const headSha = sha256(head.text);
    const impact: SpecDiffImpact = {};
    if (values.flows !== undefined) impact.flows = await flowsImpact(values.flows, baseDoc, base.label, headDoc, head.label, kept, io.replay);
    // A waiver accepts a change for the exit code; a certificate for the operation is still out of date.
    if (values.reports !== undefined)
      impact.reports = readFolderFiles(values.reports, '.json', '--reports').flatMap((f) => reportImpact(f.file, f.text, baseSha, headSha, changes) ?? []);
    const result: SpecDiffResult = {
      base: { label: base.label, sha256: baseSha },
      head: { label: head.label, sha256: headSha },
      changes: kept,
      waived,
      expiredWaivers: expired,
      staleWaivers: stale,
      counts: countLevels(kept),
      breaking: kept.some((c) => c.clients === 'breaking' || c.implementations === 'breaking'),
      ...(impact.flows || impact.reports ? { impact } : {}),
    };
    const write =
      io.writeFile ??
      ((path: string, text: string) => {
        // reports/ is not in a fresh clone, and a CI step should not need a mkdir of its own.
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      });
    if (values.json !== undefined) write(values.json, JSON.stringify(result, null, 2) + '\n');
    if (values.markdown !== undefined) write(values.markdown, formatSpecDiffMarkdown(result));
    io.stdout(formatSpecDiffText(result));
    return result.breaking ? 1 : 0;
  } catch (error) {
    const message =
      error instanceof UsageError ? error.message : (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? (error as Error).message : undefined;
    if (message === undefined) throw error;
    io.stderr(`spec-diff: ${message}`);
    io.stderr(SPEC_DIFF_USAGE);
    return 2;
  }
}

/** The same digest a conformance report records as `specSha256`: of the contract's bytes. */
function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Each flow matched statically, then (given a replayer) replayed on a mock of the new contract. Only changes
 * not waived count: a waived change is one the team accepted. A flow is judged with the old contract, the one
 * it was recorded against.
 */
async function flowsImpact(
  dir: string,
  baseDoc: unknown,
  baseLabel: string,
  headDoc: unknown,
  headLabel: string,
  changes: readonly SpecChange[],
  replay: FlowReplayer | undefined,
): Promise<FlowImpact[]> {
  const flows = readFolderFiles(dir, '.har', '--flows');
  if (flows.length === 0) return [];
  const baseContract = buildContract(baseDoc as OpenAPIV3_1.Document, baseLabel, { compile: 'lazy' });
  const judged = flows.map((f) => staticFlowImpact(f.file, f.text, baseContract, changes));
  if (!replay)
    return judged.map((f) =>
      withReplay(f, { status: 'not-replayed', reason: 'no mock to replay on (npm run spec:diff replays; the package judges statically)' }),
    );
  const replays = await replay({ base: baseDoc as OpenAPIV3_1.Document, head: headDoc as OpenAPIV3_1.Document, headLabel }, flows);
  return judged.map((f, i) => withReplay(f, replays[i] ?? { status: 'not-replayed', reason: 'the replayer gave no result' }));
}

function readWaivers(file: string, operations: ReadonlySet<string>): Waiver[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return parseSpecDiffWaivers(text, file, operations);
}

function operationIds(doc: unknown): string[] {
  const ids: string[] = [];
  const paths = (doc as { paths?: Record<string, Record<string, { operationId?: unknown }>> }).paths ?? {};
  for (const item of Object.values(paths)) for (const op of Object.values(item ?? {})) if (op && typeof op.operationId === 'string') ids.push(op.operationId);
  return ids;
}
