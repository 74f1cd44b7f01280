import { authRequired } from '../checks/authRequired.ts';
import { communityRequired } from '../checks/communityRequired.ts';
import type { SendOptions, StepContext } from '../step/StepContext.ts';
import type { Scenario } from './Scenario.ts';

type Target = Pick<SendOptions, 'operationId' | 'path' | 'json'>;

/** The read operations 2 to 5, with harmless parameters: a refused request must not depend on them. */
function readTargets(s: StepContext): Target[] {
  const appId = s.config.appId ?? `conform-${s.seed}-app`;
  return [
    { operationId: 'listGroups' },
    { operationId: 'searchGroups' },
    { operationId: 'getGroup', path: { groupId: '0'.repeat(24) } },
    { operationId: 'listAppInstallations', path: { appId } },
  ];
}

/** The writing operations 6 to 8, aimed at an app that does not exist and with bodies that change nothing. */
function writeTargets(s: StepContext): Target[] {
  const app = `conform-${s.seed}-no-such-app`;
  const community = s.config.community ?? `conform-${s.seed}-community`;
  return [
    { operationId: 'updateAppInstallation', path: { appId: app, community }, json: {} },
    { operationId: 'approveAppInstallation', path: { appId: app, community } },
    { operationId: 'uploadSyncEntities', path: { syncRunId: s.rng.hex(24) }, json: {} },
  ];
}

/** Credentials that must not work: none, malformed, unknown, another scheme. */
function badCredentials(s: StepContext): Array<[string, SendOptions['auth']]> {
  return [
    ['no Authorization header', 'none'],
    ['a malformed bearer token', { authorization: 'Bearer not a token!' }],
    ['an unknown bearer token', { authorization: `Bearer conform-unknown-${s.rng.hex(32)}` }],
    ['Basic credentials instead of a bearer token', { authorization: `Basic ${Buffer.from('conform:conform').toString('base64')}` }],
  ];
}

/** Bearer and OAuth protection, and the community-id requirement. Needs no configuration but a base URL. */
export const authScenario: Scenario = {
  area: 'auth',
  title: 'Auth: tokens and the community-id header',
  missing: () => undefined,
  async run(step) {
    await step({
      title: 'refuse reads without a valid bearer token',
      run: async (s) => {
        const community = s.config.community ?? `conform-${s.seed}-community`;
        for (const target of readTargets(s)) {
          for (const [credentials, auth] of badCredentials(s)) {
            const exchange = await s.send({ ...target, auth, community, expect: { probe: true } });
            s.check(authRequired, { exchange, credentials });
          }
        }
      },
    });

    await step({
      title: 'refuse writes without a valid bearer token',
      run: async (s) => {
        if (s.readOnly) return s.skip('--read-only');
        const community = s.config.community ?? `conform-${s.seed}-community`;
        for (const target of writeTargets(s)) {
          for (const [credentials, auth] of badCredentials(s).slice(0, 2)) {
            const exchange = await s.send({ ...target, auth, community, expect: { probe: true } });
            s.check(authRequired, { exchange, credentials });
          }
        }
      },
    });

    await step({
      title: 'refuse requests without community-id',
      run: async (s) => {
        if (!s.config.token) return s.skip('no bearer token (--token or CONFORM_TOKEN): a missing header is only observable past authentication');
        for (const target of readTargets(s).filter((t) => t.operationId !== 'getGroup')) {
          const exchange = await s.send({ ...target, community: null, expect: { probe: true } });
          s.check(communityRequired, { exchange });
        }
      },
    });

    await step({
      title: 'user-info refuses a request without a valid token',
      run: async (s) => {
        for (const [credentials, auth] of badCredentials(s).slice(0, 3)) {
          const exchange = await s.send({ operationId: 'getUserInfo', auth, expect: { probe: true } });
          s.check(authRequired, { exchange, credentials });
        }
      },
    });
  },
};
