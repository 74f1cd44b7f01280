import type { Contract } from '../../spec/contract.ts';
import type { Rng } from '../../fixtures/rng.ts';
import type { CheckFailure } from '../checks/Check.ts';
import { invalidRequestRejected } from '../checks/invalidRequestRejected.ts';
import { exchangeChecks } from '../checks/registry.ts';
import { schemaPointerFor } from '../checks/schemaNavigator.ts';
import { validRequestAccepted } from '../checks/validRequestAccepted.ts';
import type { HttpClient } from '../client/createClient.ts';
import type { Area, ConformConfig } from '../config/ConformConfig.ts';
import { SkipSignal, type SendOptions, type StepContext } from './StepContext.ts';

export interface StepRecorder {
  failures: CheckFailure[];
  operationIds: Set<string>;
  exchanges: number;
  /** Names of the checks run (for the reports' per-operation view). */
  checks?: Set<string>;
}

export interface SharedState {
  config: ConformConfig;
  contract: Contract;
  client: HttpClient;
  rng: Rng;
  seed: number;
  readOnly: boolean;
  /** The areas of this run: a step may send only to the operations of these (a profile's promise). */
  areas?: readonly Area[];
  now: () => Date;
  /** The run's waits (injected): read-back polls sleep through it, so tests need not wait in real time. */
  sleep?: (ms: number) => Promise<void>;
  userToken?: string;
}

/** The exchange checks that judge a success answer's status, media type and body. */
const SUCCESS_ANSWER_CHECKS: ReadonlySet<string> = new Set(['status-documented', 'content-type', 'response-schema', 'key-spelling']);

/** The StepContext of one step: every request and check it makes lands in `recorder`. */
export function createStepContext(shared: SharedState, recorder: StepRecorder): StepContext {
  const { contract, client, config } = shared;

  const ran = (name: string): void => void recorder.checks?.add(name);
  const record = (failures: CheckFailure[]): CheckFailure[] => {
    for (const failure of failures) {
      const duplicate = recorder.failures.some((f) => f.check === failure.check && f.message === failure.message && f.path === failure.path);
      if (!duplicate) recorder.failures.push(failure);
    }
    return failures;
  };

  const ctx: StepContext = {
    config,
    contract,
    client,
    rng: shared.rng,
    seed: shared.seed,
    readOnly: shared.readOnly,
    ...(shared.areas ? { areas: shared.areas } : {}),
    now: shared.now,
    ...(shared.sleep ? { sleep: shared.sleep } : {}),
    get userToken() {
      return shared.userToken;
    },
    set userToken(value) {
      shared.userToken = value;
    },
    async send(options: SendOptions) {
      const op = contract.operation(options.operationId);
      const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const value = options.path?.[name];
        if (value === undefined) throw new Error(`${options.operationId}: no value for path parameter ${name}`);
        return encodeURIComponent(value);
      });
      const headers: Record<string, string | undefined> = {};
      const hasCommunityHeader = op.parameters.some((p) => p.in === 'header' && p.name === 'community-id');
      const community = options.community === undefined ? config.community : options.community;
      if (hasCommunityHeader && community !== null && community !== undefined) headers['community-id'] = community;
      const auth = options.auth ?? 'default';
      if (typeof auth === 'object') headers.authorization = auth.authorization;
      else if (auth === 'default') {
        const token = op.securitySchemes.includes('oauth2') ? shared.userToken : op.securitySchemes.includes('bearerAuth') ? config.token : undefined;
        if (token) headers.authorization = `Bearer ${token}`;
      }
      Object.assign(headers, options.headers);
      // A raw query goes in the path: the client's URL would re-serialize (and so repair) it with `query` beside it.
      const encoded = Object.entries(options.query ?? {}).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]]));
      const raw = options.rawQuery !== undefined ? [new URLSearchParams(encoded).toString(), options.rawQuery].filter((t) => t !== '').join('&') : undefined;
      const exchange = await client.send({
        method: op.method,
        path: raw !== undefined ? `${path}?${raw}` : path,
        operationId: op.operationId,
        ...(options.query && raw === undefined ? { query: options.query } : {}),
        headers,
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.text !== undefined ? { text: options.text } : {}),
      });
      recorder.exchanges++;
      recorder.operationIds.add(op.operationId);
      const expectation = options.expect;
      // A probe (a wrong secret, no token, another community) answered with a 2xx fails its dedicated check,
      // on the sentence it probes. The checks of a success answer's status and body would judge an answer that
      // should not exist against the operation's response sentence, and cite that instead: they stay out.
      const probeAnswered = 'probe' in expectation && exchange.response !== undefined && exchange.response.status >= 200 && exchange.response.status < 300;
      for (const check of exchangeChecks) {
        if (probeAnswered && SUCCESS_ANSWER_CHECKS.has(check.name)) continue;
        ran(check.name);
        record(check.run({ contract, exchange }));
      }
      if ('valid' in expectation) ran(validRequestAccepted.name);
      else if ('invalid' in expectation) ran(invalidRequestRejected.name);
      if ('valid' in expectation) record(validRequestAccepted.run({ exchange, ...(expectation.severity ? { severity: expectation.severity } : {}) }));
      else if ('invalid' in expectation)
        record(invalidRequestRejected.run({ contract, exchange, violation: expectation.invalid, rulePointer: expectation.rule }));
      return exchange;
    },
    async sendRaw(request) {
      const exchange = await client.send(request);
      recorder.exchanges++;
      if (request.operationId) {
        recorder.operationIds.add(request.operationId);
        for (const check of exchangeChecks) {
          ran(check.name);
          record(check.run({ contract, exchange }));
        }
      }
      return exchange;
    },
    check(check, input) {
      ran(check.name);
      return record(check.run(input));
    },
    skip(reason) {
      throw new SkipSignal(reason);
    },
    paramRule(operationId, name) {
      const param = contract.operation(operationId).parameters.find((p) => p.name === name);
      if (!param) throw new Error(`${operationId} has no parameter ${name}`);
      return param.schemaPointer;
    },
    aside(options = {}) {
      // Its own copy of the state: a user token it obtains serves its requests, not the run's later steps.
      const own: SharedState = { ...shared, ...(options.client ? { client: options.client(client) } : {}) };
      const aside: StepRecorder = { failures: [], operationIds: new Set(), exchanges: 0, checks: new Set() };
      const s = createStepContext(own, aside);
      return {
        s,
        get failures() {
          return aside.failures;
        },
      };
    },
    bodyRule(operationId, ...properties) {
      const body = contract.operation(operationId).requestBody;
      const pointer = body?.content['application/json'];
      if (!pointer) throw new Error(`${operationId} has no JSON body`);
      return schemaPointerFor(contract.document, pointer, properties.map((p) => `/${p}`).join(''));
    },
  };
  return ctx;
}
