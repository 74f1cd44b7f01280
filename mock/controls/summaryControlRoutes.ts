import { jsonAnswer, type MockRoute } from '../exchange/MockRoute.ts';
import type { Session } from '../sessions/Session.ts';

/** What the dashboard shows at a glance, without exporting the whole state: counts per community, and the development tokens. */
export function summaryControlRoutes(): MockRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/summary',
      handle: (context) => jsonAnswer(200, summaryOf(context.session())),
    },
    {
      method: 'GET',
      path: '/__mock/tokens',
      handle: (context) =>
        jsonAnswer(
          200,
          context
            .session()
            .store.tokens()
            .filter((t) => t.kind === 'development')
            .map((t) => ({ token: t.token, label: t.label, subject: t.subject, communities: t.communities })),
        ),
    },
  ];
}

function summaryOf({ store }: Session): unknown {
  return {
    seed: store.seed,
    communities: store.communities().map((c) => {
      const installations = store.installationsInCommunity(c.id);
      return {
        id: c.id,
        name: c.name,
        groups: store.queryGroups({ community: c.id, page: 1, limit: 1 }).total,
        activeGroups: store.queryGroups({ community: c.id, active: true, page: 1, limit: 1 }).total,
        users: store.users(c.id).length,
        installations: installations.length,
        activeInstallations: installations.filter((i) => i.active).length,
      };
    }),
    apps: store.apps().length,
    tokens: store.tokens().length,
  };
}
