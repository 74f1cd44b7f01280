import { communityScope } from '../checks/communityScope.ts';
import { contentType } from '../checks/contentType.ts';
import { keySpelling } from '../checks/keySpelling.ts';
import { responseSchema } from '../checks/responseSchema.ts';
import { statusDocumented } from '../checks/statusDocumented.ts';
import { holdsWritten, isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { ConformConfig } from '../config/ConformConfig.ts';
import type { Exchange } from '../client/Exchange.ts';
import type { StepContext } from '../step/StepContext.ts';
import { obtainUserToken } from '../scenarios/obtainUserToken.ts';
import type { Scenario } from '../scenarios/Scenario.ts';
import { configValueMap } from './configValueMap.ts';
import { ReplayMapper } from './ReplayMapper.ts';
import { replayKeysKept, replayStatusClass, replayWriteVisible } from '../checks/replayChecks.ts';
import { judgeRelations, type Replayed } from './replayRelations.ts';
import type { RecordedCall } from './selectApiEntries.ts';
import { whyNotSendable } from './whyNotSendable.ts';

/** What a replay run was given: the HAR's API calls and what was left out, and the recording's configuration. */
export interface ReplayPlan {
  /** The HAR's file name and sha256 (the certificate names it). */
  file: string;
  sha256: string;
  calls: RecordedCall[];
  skipped: Record<string, number>;
  /** The configuration the recording was made with (--recorded-config). */
  recorded: Partial<ConformConfig>;
}

export interface ReplayOptions {
  /** How often, and how far apart, a write the recording saw is looked for again (a target may store it later). */
  pollTries?: number;
  pollDelayMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The area `replay`: the recorded API calls, in order, each a step. Values the frontend brought are the
 * target's (configValueMap), ids it took from answers are mapped by provenance (ReplayMapper); a call whose id
 * came from nowhere is skipped as not replayable. Each answer is judged by the checks every exchange gets, by
 * the status class recorded, by the keys the mock answered, and by the relations the recording shows.
 */
export function createReplayScenario(plan: ReplayPlan, options: ReplayOptions = {}): Scenario {
  const skippedText = Object.entries(plan.skipped)
    .map(([why, n]) => `${n} ${why}`)
    .join(', ');
  return {
    area: 'replay',
    title: `Replay of ${plan.file} (${plan.calls.length} API calls${skippedText ? `; left out: ${skippedText}` : ''})`,
    missing: () =>
      plan.calls.length === 0 ? `${plan.file} holds no call to an operation of the API${skippedText ? ` (left out: ${skippedText})` : ''}` : undefined,
    async run(step, base) {
      const mapper = new ReplayMapper(configValueMap(plan.recorded, base.config));
      const needsUser = plan.calls.some((c) => base.contract.operation(c.operationId).securitySchemes.includes('oauth2'));
      if (needsUser && !base.userToken && base.config.oauth) {
        const oauth = base.config.oauth;
        await step({
          title: 'log in as a normal run does (OAuth authorization code)',
          run: async (s) => {
            const got = await obtainUserToken(s, oauth);
            if (got) s.userToken = got.token;
          },
        });
      }
      const done: Replayed[] = [];
      const uploaded = new Set<string>();
      for (const call of plan.calls) {
        const op = base.contract.operation(call.operationId);
        await step({
          title: `#${call.n} ${op.method} ${op.path}${call.har.stepId ? ` (step ${call.har.stepId})` : ''}`,
          run: async (s) => {
            const replayed = await replayCall(s, call, mapper);
            mapper.sent(call);
            await judge(s, replayed, done, mapper, uploaded, options);
            mapper.answer(call, replayed.exchange.response?.body);
            done.push(replayed);
            for (const alias of uploadedAliases(call)) uploaded.add(alias);
          },
        });
      }
    },
  };
}

async function replayCall(s: StepContext, call: RecordedCall, mapper: ReplayMapper): Promise<Replayed> {
  const op = s.contract.operation(call.operationId);
  // A body the recorder cut (the mock's journal keeps the first part of a large one): sending a part, or none,
  // would judge the target on a request the frontend never sent.
  if (
    call.har.requestBody !== undefined &&
    call.har.requestBody.trim() !== '' &&
    call.requestJson === undefined &&
    /json/i.test(call.har.headers['content-type'] ?? 'json')
  ) {
    s.skip(`not replayable: the recording kept ${call.har.requestBody.length} characters of the request body, not a whole JSON document`);
  }
  const path: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.pathParams)) {
    const mapped = mapper.pathParam(name, value);
    if ('unmapped' in mapped) s.skip(`not replayable: ${mapped.unmapped}`);
    path[name] = mapped.value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of call.query) query[name] = mapper.queryValue(name, value);
  const accepted = call.har.status >= 200 && call.har.status < 300;
  // Credentials: the target's own where the recorded ones worked; a refused one is sent as recorded (a probe).
  const authorization = call.har.headers.authorization;
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  const configuredToken = bearer !== undefined && mapper.isConfiguredCredential('token', bearer);
  const auth = authorization === undefined ? 'none' : accepted || configuredToken ? 'default' : { authorization };
  const recordedCommunity = call.har.headers['community-id'];
  const community = recordedCommunity === undefined ? null : (mapper.body(recordedCommunity) as string);
  let json = call.requestJson === undefined ? undefined : mapper.body(mapper.rebase(call.requestJson));
  if (
    op.credential === 'body.secret' &&
    isRecord(json) &&
    'secret' in json &&
    (accepted || (typeof json.secret === 'string' && mapper.isConfiguredCredential('secret', json.secret)))
  )
    json = { ...json, secret: s.config.appSecret };
  // What the recording puts on the wire is checked before anything is sent: a value no client can send is the
  // recording's fault, never the target's missing answer.
  const unsendable = whyNotSendable({
    method: call.har.method,
    headers: {
      ...(typeof auth === 'object' ? auth : {}),
      ...(community !== null && op.parameters.some((p) => p.in === 'header' && p.name === 'community-id') ? { 'community-id': community } : {}),
    },
    urlValues: {
      ...Object.fromEntries(Object.entries(path).map(([name, value]) => [`path parameter ${name}`, value])),
      ...Object.fromEntries(Object.entries(query).map(([name, value]) => [`query parameter ${name}`, value])),
    },
  });
  if (unsendable !== undefined) s.skip(`not replayable: ${unsendable}`);
  const exchange = await s.send({
    operationId: call.operationId,
    path,
    query,
    auth,
    community,
    ...(json !== undefined ? { json } : {}),
    expect: { probe: true },
  });
  return { call, exchange, query };
}

const SUCCESS_ANSWER_CHECKS = [statusDocumented, contentType, responseSchema, keySpelling] as const;

async function judge(
  s: StepContext,
  now: Replayed,
  earlier: readonly Replayed[],
  mapper: ReplayMapper,
  uploaded: ReadonlySet<string>,
  options: ReplayOptions,
): Promise<void> {
  const { call } = now;
  let exchange = now.exchange;
  // A write accepted when recorded and answered with the 409 the spec documents for it: the target's state
  // conflicts with the request (RFC 9110 §15.5.10), e.g. an installation approved by an earlier run or replay.
  // The recording cannot recreate that state, so the call is not replayable here; the suite's own run judges it.
  if (call.har.status < 300 && exchange.response?.status === 409 && '409' in s.contract.operation(call.operationId).responses) {
    s.skip(`not replayable on this target's state: recorded ${call.har.status}, answered 409 Conflict (already done here, e.g. by an earlier run)`);
  }
  s.check(replayStatusClass, { exchange, call });
  const success = (e: Exchange) => (e.response?.status ?? 0) < 300 && (e.response?.status ?? 0) >= 200;
  if (!success(exchange) || call.har.status >= 300) return;
  // Writes the recording saw afterwards: looked for again, a bounded number of times, before failing.
  const expectations = writesSeen(call, uploaded, earlier);
  const tries = options.pollTries ?? 5;
  let n = 1;
  while (expectations.some((e) => !e.holds(exchange.response?.body)) && n < tries) {
    await sleep(options.pollDelayMs ?? 200);
    exchange = await s.sendRaw({
      method: exchange.request.method,
      path: exchange.request.url,
      headers: exchange.request.headers,
      operationId: call.operationId,
    });
    n++;
  }
  for (const e of expectations) s.check(replayWriteVisible, { exchange, call, what: e.what, found: e.holds(exchange.response?.body), tries: n });
  const replayed = { ...now, exchange };
  // A replayed request is sent as a probe (its expected status is the recording's), so the checks of a
  // success answer's status, media type, body and key spelling run here, on a success recorded as one.
  for (const check of SUCCESS_ANSWER_CHECKS) s.check(check, { contract: s.contract, exchange });
  s.check(replayKeysKept, { exchange, call, actual: exchange.response?.body });
  if (call.operationId === 'listGroups' || call.operationId === 'searchGroups') {
    const items = itemsOf(exchange.response?.body);
    const first = items.find((g) => typeof g.community === 'string');
    if (first)
      s.check(communityScope, { exchange, community: first.community as string, items, ...(s.config.community ? { header: s.config.community } : {}) });
  }
  judgeRelations(s, replayed, earlier, mapper);
  Object.assign(now, replayed);
}

interface WriteSeen {
  what: string;
  holds(body: unknown): boolean;
}

/**
 * What this call's recorded answer showed of earlier writes: groups the session uploaded (by alias), and the
 * values an installation update sent that the recorded list then showed (by key).
 */
function writesSeen(call: RecordedCall, uploaded: ReadonlySet<string>, earlier: readonly Replayed[]): WriteSeen[] {
  const out: WriteSeen[] = recordedAliases(call.responseJson)
    .filter((a) => uploaded.has(a))
    .map((alias) => ({ what: `the uploaded group "${alias}"`, holds: (body: unknown) => hasAlias(body, alias) }));
  if (call.operationId !== 'listAppInstallations') return out;
  const update = [...earlier]
    .reverse()
    .find(
      (b) =>
        b.call.operationId === 'updateAppInstallation' &&
        b.call.pathParams.appId === call.pathParams.appId &&
        b.call.har.status < 300 &&
        (b.exchange.response?.status ?? 500) < 300,
    );
  const sent = update?.call.requestJson;
  const replayedBody = update?.exchange.request.body;
  if (!isRecord(sent) || replayedBody === undefined) return out;
  const replayedSent = JSON.parse(replayedBody) as Json;
  const shown = itemsOf(call.responseJson);
  for (const [key, value] of Object.entries(sent)) {
    if (key === 'manifest' || !shown.some((i) => holdsWritten(value, i[key]))) continue;
    out.push({ what: `the installation's ${key} as updated`, holds: (body: unknown) => itemsOf(body).some((i) => holdsWritten(replayedSent[key], i[key])) });
  }
  return out;
}

function uploadedAliases(call: RecordedCall): string[] {
  if (call.operationId !== 'uploadSyncEntities' || call.har.status >= 300 || !isRecord(call.requestJson)) return [];
  const groups = call.requestJson.groups;
  return isRecord(groups) && Array.isArray(groups.data)
    ? groups.data
        .filter(isRecord)
        .map((g) => g.alias)
        .filter((a): a is string => typeof a === 'string')
    : [];
}

function recordedAliases(body: unknown): string[] {
  const items: Json[] = isRecord(body) && typeof body.alias === 'string' ? [body] : itemsOf(body);
  return items.map((g) => g.alias).filter((a): a is string => typeof a === 'string');
}

function hasAlias(body: unknown, alias: string): boolean {
  return (isRecord(body) && body.alias === alias) || itemsOf(body).some((g) => g.alias === alias);
}
