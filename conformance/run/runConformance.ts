import { performance } from 'node:perf_hooks';
import { loadContract, type Contract } from '../../spec/contract.ts';
import { createRng } from '../../fixtures/rng.ts';
import type { CheckFailure } from '../checks/Check.ts';
import { groupFindings } from '../checks/groupFindings.ts';
import { createClient, DEADLINE_PASSED } from '../client/createClient.ts';
import type { Exchange } from '../client/Exchange.ts';
import { createSecretBook } from '../client/SecretBook.ts';
import { AREAS, REPLAY_AREA, type Area, type ConformConfig } from '../config/ConformConfig.ts';
import { ENV } from '../config/env.ts';
import type { Scenario } from '../scenarios/Scenario.ts';
import { createStepContext, type SharedState, type StepRecorder } from '../step/createStepContext.ts';
import type { CaseResult, ProgressEvent, RunResult } from './RunResult.ts';
import type { AnyStep } from '../step/Step.ts';
import { SkipSignal } from '../step/StepContext.ts';
import { UnreachableError } from './UnreachableError.ts';
import { countCases } from './countCases.ts';
import { cutByDeadline } from './cutByDeadline.ts';
import { createStepFacts } from './stepFacts.ts';
import { headerVariable, isSecretHeader, replayVariables } from './replayVariables.ts';

/** A whole run's deadline unless --timeout says otherwise: ample for the bounded work of every area. */
export const DEFAULT_DEADLINE_MS = 900_000;

export interface RunOptions {
  config: ConformConfig;
  /** Areas to run; all by default. */
  areas?: readonly Area[];
  /** Skip every scenario step that writes (sync uploads, installation updates, approve). */
  readOnly?: boolean;
  /** SHOULD failures fail the run instead of being warnings. */
  strict?: boolean;
  /** Seeds the run's rng (aliases, run ids, PKCE verifier, picks among listed groups). */
  seed: number;
  /** The clock (injected: no Date.now in the suite). */
  now: () => Date;
  /** How Retry-After is waited out (tests inject one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (event: ProgressEvent) => void;
  /** Each request's own deadline, headers and whole body (--request-timeout; DEFAULT_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** The whole run's deadline (--timeout; DEFAULT_DEADLINE_MS): steps not started by then are skipped, named. */
  deadlineMs?: number;
  contract?: Contract;
  /** The scenarios to run, in order (those of the selected areas): the engine runs this list and no other. */
  scenarios: readonly Scenario[];
  /** Reports and reproducers show secret values instead of $CONFORM_* variables (--show-secrets). */
  showSecrets?: boolean;
  /** Where the CLI writes the user token of the suite's login (--save-token): the setup line reads it there. */
  saveToken?: string;
  /** Stops the run as its deadline does: steps not started are unfinished and named, the run incomplete. */
  signal?: AbortSignal;
}

/**
 * Runs the scenarios it is given (those of the selected areas) against `config.baseUrl` and returns what happened. Throws UnreachableError
 * when nothing answers at the base URL (no verdict is possible then).
 */
export async function runConformance(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const deadline = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const startedAt = options.now().toISOString();
  const config = options.config;
  const areas = ([...AREAS, REPLAY_AREA] as Area[]).filter((a) => (options.areas ?? AREAS).includes(a));
  const strict = options.strict ?? false;
  const readOnly = options.readOnly ?? false;
  const emit = options.onProgress ?? (() => undefined);
  const secrets = createSecretBook(
    {
      [ENV.token]: config.token,
      [ENV.appSecret]: config.appSecret,
      [ENV.otherAppSecret]: config.otherApp?.appSecret,
      [ENV.userToken]: config.userToken,
      [ENV.clientSecret]: config.oauth?.clientSecret,
      ...Object.fromEntries(
        Object.entries(config.headers ?? {})
          .filter(([name]) => isSecretHeader(name))
          .map(([name, value]) => [headerVariable(name), value]),
      ),
    },
    { reveal: options.showSecrets === true },
  );
  const client = createClient({
    baseUrl: config.baseUrl,
    secrets,
    now: () => options.now().getTime(),
    deadline: started + deadline,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(config.headers ? { headers: config.headers } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });

  const probe = await client.send({ method: 'GET', path: '/' });
  // A target that took the connection but did not finish answering in time is reachable: each step judges it.
  if (probe.error && !probe.overCap && !probe.timedOut && probe.error !== DEADLINE_PASSED) throw new UnreachableError(config.baseUrl, probe.error);

  const shared: SharedState = {
    config,
    contract: options.contract ?? loadContract(),
    client,
    rng: createRng(options.seed),
    seed: options.seed,
    readOnly,
    areas,
    now: options.now,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(config.userToken ? { userToken: config.userToken } : {}),
  };
  emit({ type: 'start', baseUrl: client.baseUrl, seed: options.seed, areas, strict, readOnly });

  const cases: CaseResult[] = [];
  // Steps the run's deadline left unfinished (not started, or a request of theirs not sent or cut).
  let unfinished = 0;
  const timeoutNote = `the run's deadline (--timeout ${Math.round(deadline / 1000)} s) passed`;
  // A stop asked by the caller (the API's AbortSignal) ends the run as its deadline does, and says so.
  const stopped = (): boolean => options.signal?.aborted === true;
  const note = (): string => (stopped() ? 'the run was stopped by its caller (AbortSignal)' : timeoutNote);
  for (const scenario of options.scenarios.filter((s) => areas.includes(s.area))) {
    const scenarioStarted = performance.now();
    const own: CaseResult[] = [];
    emit({ type: 'scenario-start', area: scenario.area, title: scenario.title });
    const finish = (result: CaseResult): void => {
      own.push(result);
      cases.push(result);
      emit({ type: 'case', result });
    };
    // Each scenario draws from its own stream: its choices do not depend on which other areas run (--only).
    const scenarioState: SharedState = { ...shared, rng: shared.rng.fork(scenario.area) };
    const missing = scenario.missing(createStepContext(scenarioState, newRecorder()));
    if (missing) {
      finish({
        area: scenario.area,
        title: scenario.title,
        status: 'skipped',
        skipReason: missing,
        failures: [],
        warnings: [],
        operationIds: [],
        exchanges: 0,
        durationMs: 0,
      });
    } else {
      const base = createStepContext(scenarioState, newRecorder());
      // What the scenario's steps learned for later ones: each step is given what it declares, or skipped.
      const facts = createStepFacts(scenario.absent);
      await scenario.run(async (declared) => {
        const step = declared as AnyStep;
        const { title } = step;
        const recorder = newRecorder();
        const stepStarted = performance.now();
        if (stepStarted - started > deadline || stopped()) {
          unfinished++;
          finish(toCase(scenario.area, title, recorder, strict, `not finished: ${note()} before this step`, 0));
          return facts.known();
        }
        const lacking = facts.lacking(step);
        if (lacking !== undefined) {
          finish(toCase(scenario.area, title, recorder, strict, lacking, performance.now() - stepStarted));
          return facts.known();
        }
        const firstExchange = client.exchanges.length;
        let skipReason: string | undefined;
        try {
          await step.run(createStepContext(scenarioState, recorder), facts.given(step), facts.provider(step));
        } catch (error) {
          if (error instanceof SkipSignal) skipReason = error.reason;
          else recorder.failures.push(stepError(error, client.exchanges.at(-1)));
        }
        // A request the deadline kept from its answer judges nothing about the target: what it would have
        // shown is unknown, so the step is unfinished, not failed (and the run incomplete, not passed).
        if (client.exchanges.slice(firstExchange).some((e) => cutByDeadline(e))) {
          unfinished++;
          recorder.failures = recorder.failures.filter((f) => !cutByDeadline(f.exchange));
          skipReason ??= `not finished: ${note()} during this step`;
        }
        finish(toCase(scenario.area, title, recorder, strict, skipReason, performance.now() - stepStarted));
        return facts.known();
      }, base);
    }
    // A user token a scenario obtained (its own login) serves later scenarios and --save-token.
    if (scenarioState.userToken !== undefined) shared.userToken = scenarioState.userToken;
    emit({ type: 'scenario-end', area: scenario.area, title: scenario.title, cases: own, durationMs: performance.now() - scenarioStarted });
  }

  // A user token the suite's own login obtained (not one it was given): --save-token writes it.
  const loggedIn = shared.userToken !== undefined && shared.userToken !== config.userToken ? shared.userToken : undefined;
  const counts = countCases(cases);
  return {
    baseUrl: client.baseUrl,
    seed: options.seed,
    strict,
    readOnly,
    areas,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    cases,
    counts,
    exchanges: client.exchanges.length,
    ...(client.backoff.retries > 0 ? { backoff: { ...client.backoff } } : {}),
    exchangeLog: client.exchanges,
    conformant: counts.failed === 0 && unfinished === 0,
    ...(unfinished > 0 ? { incomplete: `${note()}: ${unfinished} step${unfinished === 1 ? '' : 's'} not finished` } : {}),
    redact: (text) => secrets.redact(text),
    replay: options.showSecrets
      ? []
      : replayVariables(config, { loggedIn: loggedIn !== undefined, ...(options.saveToken ? { saveToken: options.saveToken } : {}) }),
    notFound: client.exchanges.filter((e) => e.response?.status === 404).length,
    ...(loggedIn ? { loginToken: loggedIn } : {}),
  };
}

function newRecorder(): StepRecorder {
  return { failures: [], operationIds: new Set(), exchanges: 0, checks: new Set() };
}

function toCase(area: Area, title: string, recorder: StepRecorder, strict: boolean, skipReason: string | undefined, durationMs: number): CaseResult {
  const failing = recorder.failures.filter((f) => f.severity === 'MUST' || strict);
  const warnings = strict ? [] : recorder.failures.filter((f) => f.severity === 'SHOULD');
  // A step that found failures before it skipped still reports them: the skip does not hide a broken rule.
  const status = failing.length > 0 ? 'failed' : skipReason !== undefined ? 'skipped' : 'passed';
  return {
    area,
    title,
    status,
    // One bug is one finding per check and operation, however many values showed it (with a count and examples).
    failures: grouped(failing),
    warnings: grouped(warnings),
    ...(skipReason !== undefined ? { skipReason } : {}),
    operationIds: [...recorder.operationIds],
    exchanges: recorder.exchanges,
    durationMs: Math.round(durationMs),
    checks: [...(recorder.checks ?? [])],
  };
}

/** The step's findings grouped by kind; a finding alone is kept as it was found. */
function grouped(failures: readonly CheckFailure[]): CheckFailure[] {
  return groupFindings(failures).map(({ occurrences, examples, ...finding }) => (occurrences === 1 ? finding : { ...finding, occurrences, examples }));
}

/** A step that threw is a failure of the step itself: the answers it got did not let it go on. */
function stepError(error: unknown, last: Exchange | undefined): CheckFailure {
  const message = error instanceof Error ? error.message : String(error);
  const exchange: Exchange = last ?? { id: 0, request: { method: 'GET', url: '', headers: {} }, durationMs: 0, curl: '' };
  return { check: 'step-error', severity: 'MUST', message: `the step could not complete: ${message}`, exchange };
}
