import type { StepContext } from '../step/StepContext.ts';

export const DATA_ACTIONS = [
  { kind: 'users', operationId: 'getUpdatedUsers', action: '@platform:data:Users:getUpdatedAfter' },
  { kind: 'components', operationId: 'getUpdatedComponents', action: '@platform:data:Components:getUpdatedAfter' },
] as const;
export type DataAction = (typeof DATA_ACTIONS)[number];

/**
 * The body of a data-action call: context (issued now, by the run's clock), the app secret, and `data`, with
 * the configured season (--season) unless `data` names one.
 */
export function dataActionRequest(s: StepContext, action: DataAction, data: Record<string, unknown>, secret = s.config.appSecret): Record<string, unknown> {
  return {
    context: { issuedAt: s.now().toISOString(), action: action.action, community: s.config.community },
    ...(secret === undefined ? {} : { secret }),
    data: s.config.season === undefined || 'season' in data ? data : { season: s.config.season, ...data },
  };
}
