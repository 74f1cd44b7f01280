import { dataActionCommunity } from '../checks/dataActionCommunity.ts';
import { dataActionLimit } from '../checks/dataActionLimit.ts';
import { probeNotJson } from './probeNotJson.ts';
import { dataActionOrder } from '../checks/dataActionOrder.ts';
import { rolesSet } from '../checks/rolesSet.ts';
import { secretRequired } from '../checks/secretRequired.ts';
import { updatedAfter } from '../checks/updatedAfter.ts';
import { instant, itemsOf, type Json } from '../checks/values.ts';
import { DATA_ACTIONS, dataActionRequest } from './dataActionRequest.ts';
import { otherAppPremise } from './otherAppPremise.ts';
import type { Scenario } from './Scenario.ts';

const LIMIT = 1000;

/** An ISO 8601 UTC instant at whole seconds, without a fraction (`2026-03-01T10:00:00Z`), at or before `at`. */
export function wholeSeconds(at: string): string {
  const ms = instant(at) ?? 0;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** What the data actions scenario's steps hand on: each action's records, as its first call answered them. */
type DataActionFacts = Record<(typeof DATA_ACTIONS)[number]['kind'], Json[]>;

/** The two data actions: what they return, from when, how many, in which order, and to whom. */
export const dataActionsScenario: Scenario<DataActionFacts> = {
  area: 'data-actions',
  title: 'Data actions: updated users and components',
  missing: (s) => (!s.config.appSecret ? 'no app secret (--app-secret or CONFORM_APP_SECRET)' : !s.config.community ? 'no community (--community)' : undefined),
  absent: { users: 'the users could not be read', components: 'the components could not be read' },
  async run(step) {
    for (const action of DATA_ACTIONS) {
      const { kind } = action;
      await step({
        title: `${action.kind}: every record, oldest first`,
        provides: [kind],
        run: async (s, _given, provide) => {
          const exchange = await s.send({ operationId: action.operationId, json: dataActionRequest(s, action, { limit: LIMIT }), expect: { valid: true } });
          const all = itemsOf(exchange.response?.body);
          provide(kind, all);
          if (action.kind === 'users') s.check(rolesSet, { exchange, records: all });
          s.check(dataActionOrder, { exchange, records: all });
          s.check(dataActionLimit, { exchange, limit: LIMIT, count: all.length });
        },
      });

      await step({
        title: `${action.kind}: only records updated after an instant`,
        uses: [kind],
        run: async (s, given) => {
          const all = given[kind] ?? [];
          const times = [...new Set(all.map((r) => r.updatedAt).filter((t): t is string => instant(t) !== undefined))].sort(
            (a, b) => (instant(a) as number) - (instant(b) as number),
          );
          if (times.length < 2) return s.skip(`fewer than 2 distinct updatedAt among the ${action.kind}: no instant splits them`);
          // An instant taken from the server's own records: some are older, some newer.
          const after = times[Math.floor(times.length / 2)] as string;
          const exchange = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, { after, limit: LIMIT }),
            expect: { valid: true },
          });
          const records = itemsOf(exchange.response?.body);
          s.check(updatedAfter, { exchange, after, records, unfiltered: all, limit: LIMIT });
          s.check(dataActionOrder, { exchange, records });
          if (action.kind === 'users') s.check(rolesSet, { exchange, records });
          // "`after` string (ISO 8601 UTC instant)": the same instant to the second, without a fraction, is one
          // too, and refusing it is a MUST; and an instant past every record leaves nothing, answered as `data: []`.
          const seconds = wholeSeconds(after);
          const bare = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, { after: seconds, limit: LIMIT }),
            expect: { valid: true },
          });
          if (bare.response?.status === 200)
            s.check(updatedAfter, { exchange: bare, after: seconds, records: itemsOf(bare.response.body), unfiltered: all, limit: LIMIT });
          const newest = instant(times.at(-1)) as number;
          const beyond = new Date(newest + 1000).toISOString();
          const none = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, { after: beyond, limit: LIMIT }),
            expect: { valid: true },
          });
          if (none.response?.status === 200)
            s.check(updatedAfter, { exchange: none, after: beyond, records: itemsOf(none.response.body), unfiltered: all, limit: LIMIT });
        },
      });

      await step({
        title: `${action.kind}: every field of data at once`,
        uses: [kind],
        run: async (s, given) => {
          const all = given[kind] ?? [];
          // Every documented input in one valid request; ids that name nothing are still strings, so the
          // answer must be a documented one (not a 5xx); a refusal is only a SHOULD: their meaning is not stated.
          const after = all.map((r) => r.updatedAt).find((t): t is string => instant(t) !== undefined) ?? s.now().toISOString();
          const data = { syncProfileId: `conform-${s.seed}-profile`, syncRunId: s.rng.hex(24), after, limit: 5 };
          const exchange = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, data),
            expect: { valid: true, severity: 'SHOULD' },
          });
          const records = itemsOf(exchange.response?.body);
          s.check(dataActionLimit, { exchange, limit: 5, count: records.length });
          if (action.kind === 'users') s.check(rolesSet, { exchange, records });
        },
      });

      await step({
        title: `${action.kind}: at most data.limit records`,
        uses: [kind],
        run: async (s, given) => {
          const all = given[kind] ?? [];
          if (all.length < 2) return s.skip(`fewer than 2 ${action.kind}: a limit of 1 proves nothing`);
          const exchange = await s.send({ operationId: action.operationId, json: dataActionRequest(s, action, { limit: 1 }), expect: { valid: true } });
          s.check(dataActionLimit, { exchange, limit: 1, count: itemsOf(exchange.response?.body).length });
        },
      });

      await step({
        title: `${action.kind}: another community's call answers none of this one's records`,
        uses: [kind],
        run: async (s, given) => {
          const all = given[kind] ?? [];
          const other = s.config.otherCommunity?.community;
          if (!other) return s.skip('no otherCommunity in the config');
          if (all.length === 0) return s.skip(`no ${action.kind} answered for this community to tell apart`);
          const request = dataActionRequest(s, action, { limit: LIMIT });
          const exchange = await s.send({
            operationId: action.operationId,
            json: { ...request, context: { ...(request.context as Record<string, unknown>), community: other } },
            expect: { probe: true },
          });
          s.check(dataActionCommunity, {
            exchange,
            community: s.config.community as string,
            otherCommunity: other,
            mine: all,
            other: itemsOf(exchange.response?.body),
          });
        },
      });

      await step({
        title: `${action.kind}: refuse a wrong secret`,
        run: async (s) => {
          const wrong = `conform-wrong-${s.rng.hex(16)}`;
          const exchange = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, { limit: LIMIT }, wrong),
            expect: { probe: true },
          });
          s.check(secretRequired, { exchange });
        },
      });

      // The secret of an app not installed in this community opens none of its data. That rests on a premise about
      // the config: a secret is refused only when it belongs to no app installed and active in the community
      // (spec/DECISIONS.md), so the premise is verified where a bearer token lets the suite list otherApp's
      // installations, and named in the failure where it cannot be.
      await step({
        title: `${action.kind}: refuse the secret of an app not installed here (otherApp)`,
        run: async (s) => {
          const other = s.config.otherApp;
          if (!other) return s.skip('no otherApp in the config');
          const community = s.config.community as string;
          const premise = await otherAppPremise(s, other.appId, community);
          if (premise.installed) return s.skip(`otherApp ${other.appId} is installed and active in ${community}: its secret is valid there (${premise.how})`);
          const foreign = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, { limit: LIMIT }, other.appSecret),
            expect: { probe: true },
          });
          s.check(secretRequired, {
            exchange: foreign,
            ...(premise.verified ? {} : { premise: `unless otherApp ${other.appId} is installed and active in ${community} (${premise.how})` }),
          });
        },
      });

      await step({
        title: `${action.kind}: refuse invalid requests`,
        run: async (s) => {
          const op = action.operationId;
          const body = dataActionRequest(s, action, { limit: 10 });
          const cases: Array<[string, unknown, string]> = [
            ['the required secret is missing', { ...body, secret: undefined }, s.bodyRule(op)],
            ['the required context is missing', { ...body, context: undefined }, s.bodyRule(op)],
            ['secret is a number, not a string', { ...body, secret: 12345 }, s.bodyRule(op, 'secret')],
            ['data.after is not an ISO 8601 instant', { ...body, data: { after: 'last tuesday' } }, s.bodyRule(op, 'data', 'after')],
            // limit's meaning is our decision, its type ("integer") is stated: the rule is data's.
            ['data.limit is not an integer', { ...body, data: { limit: 'ten' } }, s.bodyRule(op, 'data')],
          ];
          for (const [violation, json, rule] of cases) await s.send({ operationId: op, json, expect: { invalid: violation, rule } });
          await probeNotJson(s, { operationId: op }, JSON.stringify(body).slice(0, 40), body);
        },
      });
    }
  },
};
