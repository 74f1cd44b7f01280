import type { Fault, FaultResponse } from './Fault.ts';
import { isRecord, isSuccess } from './faultHelpers.ts';

const DATA_ACTIONS = ['getUpdatedUsers', 'getUpdatedComponents'];

/** An offset (RFC 3339 time-numoffset) at the end of a date-time: what a parser that expects Z misreads. */
const OFFSET = /[+-]\d{2}:\d{2}$/;

/** Turns the answer into the 500 a crash gives (the route's error handler, nothing of the handler's answer). */
function crash(res: FaultResponse): void {
  res.status = 500;
  res.body = { type: 'about:blank', title: 'Internal Server Error', status: 500 };
  res.headers['Content-Type'] = 'application/problem+json';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Bugs only an unusual input triggers, one per input class, each as a real implementation ships it. The
 * hand-written scenarios send ordinary values and miss them; the generative phase (conformance/generate)
 * must catch each, as conformance/generate/inputFaults.test.ts shows.
 */
export const inputFaults: readonly Fault[] = [
  {
    name: 'name-filter-latin1-crash',
    description: 'The group list crashes (500) on a `name` filter with a character outside Latin-1 (a legacy encoder).',
    breaks: 'no-server-error',
    operations: ['listGroups'],
    onResponse: (ctx, res) => {
      const name = text(ctx.req.query.name);
      if (isSuccess(res.status) && name !== undefined && [...name].some((c) => (c.codePointAt(0) ?? 0) > 0xff)) crash(res);
    },
  },
  {
    name: 'limit-at-max-crash',
    description: 'List and search crash (500) at `limit` = 1000, the maximum (a page buffer one item short).',
    breaks: 'no-server-error',
    operations: ['listGroups', 'searchGroups'],
    onResponse: (ctx, res) => {
      if (isSuccess(res.status) && ctx.req.query.limit === '1000') crash(res);
    },
  },
  {
    name: 'search-q-regex-crash',
    description: 'Search builds a RegExp from `q` unescaped: regex metacharacters such as "(" crash it (500).',
    breaks: 'no-server-error',
    operations: ['searchGroups'],
    onResponse: (ctx, res) => {
      const q = text(ctx.req.query.q);
      if (!isSuccess(res.status) || q === undefined) return;
      try {
        new RegExp(q, 'i');
      } catch {
        crash(res);
      }
    },
  },
  {
    name: 'created-at-offset-crash',
    description: 'The group list crashes (500) on a `createdAt` with a time-zone offset (Invalid Date turned into text).',
    breaks: 'no-server-error',
    operations: ['listGroups'],
    onResponse: (ctx, res) => {
      const createdAt = text(ctx.req.query.createdAt);
      if (isSuccess(res.status) && createdAt !== undefined && OFFSET.test(createdAt)) crash(res);
    },
  },
  {
    name: 'user-info-duplicate-includes-refused',
    description: 'User-info refuses (400) an `includes` that names an entry twice, which the comma list allows.',
    breaks: 'valid-request-accepted',
    operations: ['getUserInfo'],
    onResponse: (ctx, res) => {
      const entries = (text(ctx.req.query.includes) ?? '').split(',');
      if (!isSuccess(res.status) || new Set(entries).size === entries.length) return;
      res.status = 400;
      res.body = { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'includes: duplicate entry' };
      res.headers['Content-Type'] = 'application/problem+json';
    },
  },
  {
    name: 'upload-empty-array-crash',
    description: 'The upload crashes (500) when a `data` array is empty (it reads data[0] to learn the community).',
    breaks: 'no-server-error',
    operations: ['uploadSyncEntities'],
    onResponse: (ctx, res) => {
      const body = ctx.req.body;
      if (!isSuccess(res.status) || !isRecord(body)) return;
      if (Object.values(body).some((part) => isRecord(part) && Array.isArray(part.data) && part.data.length === 0)) crash(res);
    },
  },
  {
    name: 'data-action-missing-context-accepted',
    description: 'The data actions answer 200 to a body without the required `context` (defaults fill it in).',
    breaks: 'invalid-request-rejected',
    operations: DATA_ACTIONS,
    onRequest: (ctx) => {
      const body = ctx.req.body;
      if (isRecord(body) && !('context' in body) && typeof body.secret === 'string') return { status: 200, body: { data: [] } };
    },
  },
  {
    name: 'data-action-after-offset-crash',
    description: 'The users data action crashes (500) on a `data.after` with a time-zone offset instead of Z.',
    breaks: 'no-server-error',
    operations: ['getUpdatedUsers'],
    onResponse: (ctx, res) => {
      const body = ctx.req.body;
      const after = isRecord(body) && isRecord(body.data) ? text(body.data.after) : undefined;
      if (isSuccess(res.status) && after !== undefined && OFFSET.test(after)) crash(res);
    },
  },
  {
    name: 'installation-long-message-crash',
    description: 'The installation update crashes (500) on a `contactInfo.message` over 255 characters (a column too narrow).',
    breaks: 'no-server-error',
    operations: ['updateAppInstallation'],
    onResponse: (ctx, res) => {
      const body = ctx.req.body;
      const message = isRecord(body) && isRecord(body.contactInfo) ? text(body.contactInfo.message) : undefined;
      if (isSuccess(res.status) && message !== undefined && message.length > 255) crash(res);
    },
  },
];
