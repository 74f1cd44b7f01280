import type { DataActionRequest } from '../../spec/openapi.d.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationContext } from '../http/OperationHandler.ts';
import type { UpdatedAfterQuery } from '../store/Store.ts';

/** Decided here: at most this many records per call; a larger `limit` is clamped, not refused. */
export const DATA_ACTION_MAX_LIMIT = 1000;
export const DATA_ACTION_DEFAULT_LIMIT = 100;

/**
 * The shared front of both data actions: the body `secret` must be the data-action secret of an app that is
 * installed and active in `context.community` (the body carries the credential instead of a header). A wrong
 * secret reveals nothing, not even whether the community exists.
 */
export function dataActionQuery(ctx: OperationContext, action: string): UpdatedAfterQuery {
  const body = ctx.body as DataActionRequest;
  const community = body.context.community;
  if (community === undefined || community === '') {
    throw new HttpProblem('invalid_request', 'context.community is needed to find the app installation the secret belongs to.', {
      errors: [{ in: 'body', path: '/context/community', rule: 'required', message: 'is required to check the secret' }],
    });
  }
  if (body.context.action !== undefined && body.context.action !== action) {
    throw new HttpProblem('invalid_request', `context.action is "${body.context.action}" but this is ${action}.`, {
      errors: [{ in: 'body', path: '/context/action', rule: 'const', message: `must be "${action}"` }],
    });
  }
  const app = ctx.store.appBySecret(body.secret);
  const installation = app ? ctx.store.installation(app.manifest.id as string, community) : undefined;
  if (!app || !installation?.active) {
    throw new HttpProblem('invalid_secret', `The secret does not belong to an app installed in community "${community}".`);
  }
  const limit = body.data?.limit ?? DATA_ACTION_DEFAULT_LIMIT;
  if (limit < 1) {
    throw new HttpProblem('invalid_request', 'data.limit must be at least 1.', {
      errors: [{ in: 'body', path: '/data/limit', rule: 'minimum', message: 'must be >= 1' }],
    });
  }
  return {
    community,
    season: body.data?.season,
    after: body.data?.after === undefined ? undefined : new Date(body.data.after).toISOString(),
    limit: Math.min(limit, DATA_ACTION_MAX_LIMIT),
  };
}
