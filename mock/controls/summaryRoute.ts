import type { Request, Response } from 'express';
import type { Session } from '../sessions/Session.ts';

/** `GET /__mock/summary`: what the dashboard shows at a glance, without exporting the whole state. */
export function summaryRoute(deps: Session) {
  return (_req: Request, res: Response): void => {
    const { store } = deps;
    res.json({
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
    });
  };
}
