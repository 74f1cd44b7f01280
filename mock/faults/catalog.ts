import type { Fault } from './Fault.ts';
import { inputFaults } from './inputFaults.ts';
import { anyValidToken, bearerToken, eachGroup, header, isRecord, isSuccess, renameKey } from './faultHelpers.ts';

const GROUP_READS = ['listGroups', 'searchGroups', 'getGroup'];
const DATA_ACTIONS = ['getUpdatedUsers', 'getUpdatedComponents'];
/** pages-overlap: the last group of each page answered, by query (without page), to repeat on the next. */
const lastOfPage = new Map<string, unknown>();
const BEARER_OPERATIONS = [
  'listGroups',
  'searchGroups',
  'getGroup',
  'listAppInstallations',
  'updateAppInstallation',
  'approveAppInstallation',
  'uploadSyncEntities',
];

/**
 * Realistic bugs across every area of the API, one per entry, each naming the conformance check that
 * must catch it. conformance/faults.test.ts starts the mock with each one and runs the suite.
 */
export const faultCatalog: readonly Fault[] = [
  // ------------------------------------------------------------------ groups: shapes
  {
    name: 'group-alias-capitalised',
    description: 'Groups answer `Alias` instead of `alias` (a serializer that capitalises).',
    breaks: 'key-spelling',
    operations: GROUP_READS,
    onResponse: (_ctx, res) => eachGroup(res.body, (g) => renameKey(g, 'alias', 'Alias')),
  },
  {
    name: 'group-active-as-string',
    description: 'Groups answer `active` as the string "true"/"false" instead of a boolean.',
    breaks: 'response-schema',
    operations: GROUP_READS,
    onResponse: (_ctx, res) =>
      eachGroup(res.body, (g) => {
        if (typeof g.active === 'boolean') g.active = String(g.active);
      }),
  },
  {
    name: 'group-list-as-text',
    description: 'The group list is sent as text/plain.',
    breaks: 'content-type',
    operations: ['listGroups'],
    onResponse: (_ctx, res) => {
      if (isSuccess(res.status)) res.headers['Content-Type'] = 'text/plain; charset=utf-8';
    },
  },
  // ------------------------------------------------------------------ groups: behaviour
  {
    name: 'ignore-name-filter',
    description: 'The group list ignores the `name` filter and answers every group.',
    breaks: 'filter-matches',
    operations: ['listGroups'],
    onRequest: (ctx) => {
      delete ctx.req.query.name;
    },
  },
  {
    name: 'ignore-active-filter',
    description: 'List and search ignore `active`, so deleted groups show up among active ones.',
    breaks: 'filter-matches',
    operations: ['listGroups', 'searchGroups'],
    onRequest: (ctx) => {
      if (ctx.req.query.active === 'true' || ctx.req.query.active === 'false') delete ctx.req.query.active;
    },
  },
  {
    name: 'list-newest-first',
    description: 'The group list comes newest first instead of oldest first.',
    breaks: 'default-order',
    operations: ['listGroups'],
    onResponse: (ctx, res) => {
      if (Array.isArray(res.body) && ctx.req.query.sort === undefined) res.body.reverse();
    },
  },
  {
    name: 'ignore-limit',
    description: 'The group list ignores `limit` and always answers its default page size.',
    breaks: 'limit-honoured',
    operations: ['listGroups'],
    onRequest: (ctx) => {
      delete ctx.req.query.limit;
    },
  },
  {
    name: 'total-count-of-page',
    description: 'The group list sends X-Total-Count as the size of the page, not of the whole list.',
    breaks: 'total-count',
    operations: ['listGroups'],
    onResponse: (_ctx, res) => {
      if (Array.isArray(res.body)) res.headers['X-Total-Count'] = String(res.body.length);
    },
  },
  {
    name: 'ignore-page',
    description: 'The group list ignores `page`: every page is page 1, so pages overlap.',
    breaks: 'pages-disjoint',
    operations: ['listGroups'],
    onRequest: (ctx) => {
      delete ctx.req.query.page;
    },
  },
  {
    name: 'search-total-off-by-one',
    description: 'Search counts one match too few in `total`.',
    breaks: 'search-total',
    operations: ['searchGroups'],
    onResponse: (_ctx, res) => {
      if (isRecord(res.body) && typeof res.body.total === 'number' && res.body.total > 0) res.body.total -= 1;
    },
  },
  {
    name: 'search-q-names-only',
    description: 'Search matches `q` against group names only, never against aliases.',
    breaks: 'search-finds',
    operations: ['searchGroups'],
    onResponse: (ctx, res) => {
      const q = ctx.req.query.q;
      const body = res.body;
      if (typeof q !== 'string' || !isRecord(body) || !Array.isArray(body.hits)) return;
      const hits = (body.hits as unknown[]).filter((g) => isRecord(g) && typeof g.name === 'string' && g.name.toLowerCase().includes(q.toLowerCase()));
      body.hits = hits;
      body.total = hits.length;
    },
  },
  {
    name: 'group-read-stale',
    description: 'A group read by id comes from a stale cache: its name differs from the list.',
    breaks: 'get-matches-list',
    operations: ['getGroup'],
    onResponse: (_ctx, res) => {
      if (isSuccess(res.status) && isRecord(res.body) && typeof res.body.name === 'string') res.body.name = `${res.body.name} (antiga)`;
    },
  },
  {
    name: 'group-read-other-community',
    description: 'A group read by id reports another community: the community scope is not applied.',
    breaks: 'community-scope',
    operations: ['getGroup'],
    onResponse: (_ctx, res) => {
      if (isSuccess(res.status) && isRecord(res.body)) res.body.community = 'outra-escola';
    },
  },
  {
    name: 'server-error-on-season-filter',
    description: 'The group list crashes (500) when filtered by season.',
    breaks: 'no-server-error',
    operations: ['listGroups'],
    onResponse: (ctx, res) => {
      if (ctx.req.query.season === undefined) return;
      res.status = 500;
      res.body = { type: 'about:blank', title: 'Internal Server Error', status: 500 };
      res.headers['Content-Type'] = 'application/problem+json';
    },
  },
  {
    name: 'invalid-boolean-accepted',
    description: 'A value of `active` that is not a boolean (active=maybe) is ignored instead of refused.',
    breaks: 'invalid-request-rejected',
    operations: ['listGroups', 'searchGroups'],
    onRequest: (ctx) => {
      const active = ctx.req.query.active;
      if (active !== undefined && active !== 'true' && active !== 'false') delete ctx.req.query.active;
    },
  },
  {
    name: 'server-error-on-sort-name',
    description: 'The group list crashes (500) when sorted by name, either way (a missing collation index).',
    breaks: 'no-server-error',
    operations: ['listGroups'],
    onResponse: (ctx, res) => {
      const sort = ctx.req.query.sort;
      if (typeof sort !== 'string' || !sort.split(',').some((k) => k.replace(/^-/, '') === 'name')) return;
      res.status = 500;
      res.body = { type: 'about:blank', title: 'Internal Server Error', status: 500 };
      res.headers['Content-Type'] = 'application/problem+json';
    },
  },
  {
    name: 'groups-foreign-community',
    description: 'Every group answers the same foreign `community` (the tenant id of another system), whatever community-id says.',
    breaks: 'community-scope',
    operations: GROUP_READS,
    onResponse: (_ctx, res) => {
      if (isSuccess(res.status))
        eachGroup(res.body, (g) => {
          g.community = 'outra-escola';
        });
    },
  },
  {
    name: 'search-ignores-q',
    description: 'Search ignores `q` and answers every group (the text index is not wired).',
    breaks: 'search-narrows',
    operations: ['searchGroups'],
    onRequest: (ctx) => {
      delete ctx.req.query.q;
    },
  },
  {
    name: 'pages-overlap',
    description: 'Page 2 of the group list starts one group early, repeating the last group of page 1 (an off-by-one offset).',
    breaks: 'pages-disjoint',
    operations: ['listGroups'],
    onResponse: (ctx, res) => {
      if (!isSuccess(res.status) || !Array.isArray(res.body)) return;
      const { page, ...rest } = ctx.req.query;
      const key = JSON.stringify(rest);
      const n = Number(page ?? 1);
      const previous = lastOfPage.get(`${key}#${n - 1}`);
      if (res.body.length > 0) lastOfPage.set(`${key}#${n}`, res.body.at(-1));
      if (n >= 2 && previous !== undefined) {
        res.body.unshift(previous);
        res.body.pop();
      }
    },
  },
  // ------------------------------------------------------------------ auth
  {
    name: 'skip-bearer-auth',
    description: 'Operations 2 to 8 do not check the bearer token.',
    breaks: 'auth-required',
    operations: BEARER_OPERATIONS,
    onRequest: (ctx) => {
      if (bearerToken(ctx)) return;
      const token = anyValidToken(ctx, header(ctx, 'community-id'));
      if (token) ctx.req.headers.authorization = `Bearer ${token}`;
    },
  },
  {
    name: 'missing-community-defaulted',
    description: "A request without community-id falls back to the token's first community instead of being refused.",
    breaks: 'community-required',
    operations: BEARER_OPERATIONS,
    onRequest: (ctx) => {
      const community = bearerToken(ctx)?.communities[0];
      if (header(ctx, 'community-id') === undefined && community) ctx.req.headers['community-id'] = community;
    },
  },
  // ------------------------------------------------------------------ installations
  {
    name: 'inactive-installation-listed',
    description: 'The installations of an app include an uninstalled (inactive) one.',
    breaks: 'installations-active',
    operations: ['listAppInstallations'],
    onResponse: (_ctx, res) => {
      if (!Array.isArray(res.body) || !isRecord(res.body[0])) return;
      res.body.push({ ...res.body[0], active: false, installed: false, status: 'uninstalled' });
    },
  },
  {
    name: 'approve-returns-other-manifest',
    description: 'Approve answers the manifest of another app.',
    breaks: 'approve-returns-manifest',
    operations: ['approveAppInstallation'],
    onResponse: (ctx, res) => {
      if (!isSuccess(res.status) || !isRecord(res.body)) return;
      const other = ctx.store.apps().find((a) => a.manifest.id !== (res.body as { id?: unknown }).id);
      res.body = { ...other?.manifest, id: other?.manifest.id ?? 'app-outro' };
    },
  },
  {
    name: 'installation-update-drops-manifest',
    description: 'Updating an installation answers it without its manifest.',
    breaks: 'installation-round-trip',
    operations: ['updateAppInstallation'],
    onResponse: (_ctx, res) => {
      if (isSuccess(res.status) && isRecord(res.body)) delete res.body.manifest;
    },
  },
  // ------------------------------------------------------------------ sync
  {
    name: 'upload-stores-nothing',
    description: 'The upload answers 200 "received" but stores nothing.',
    breaks: 'sync-upload-visible',
    operations: ['uploadSyncEntities'],
    onRequest: (ctx) => {
      const body = ctx.req.body;
      if (!bearerToken(ctx) || !isRecord(body)) return;
      const count = (key: string): number => {
        const part = body[key];
        return isRecord(part) && Array.isArray(part.data) ? part.data.length : 0;
      };
      if (!['groups', 'members', 'users', 'components'].some((k) => count(k) > 0)) return;
      return {
        status: 200,
        body: { received: { groups: count('groups'), members: count('members'), users: count('users'), components: count('components') }, warnings: [] },
      };
    },
  },
  {
    name: 'remove-unlisted-tags-ignored',
    description: 'The upload ignores `removeUnlistedTags`: tags not listed stay linked.',
    breaks: 'sync-remove-unlisted',
    operations: ['uploadSyncEntities'],
    onRequest: (ctx) => {
      const groups = isRecord(ctx.req.body) ? ctx.req.body.groups : undefined;
      if (isRecord(groups) && typeof groups.removeUnlistedTags === 'boolean') delete groups.removeUnlistedTags;
    },
  },
  {
    name: 'deactivation-ignored',
    description: 'The upload ignores `active: false` on groups: deleted groups stay active.',
    breaks: 'sync-deactivate',
    operations: ['uploadSyncEntities'],
    onRequest: (ctx) => {
      const groups = isRecord(ctx.req.body) ? ctx.req.body.groups : undefined;
      if (!isRecord(groups) || !Array.isArray(groups.data)) return;
      for (const entry of groups.data) if (isRecord(entry) && entry.active === false) entry.active = true;
    },
  },
  // ------------------------------------------------------------------ data actions
  {
    name: 'ignore-data-action-secret',
    description: 'The data actions accept any secret (they use the secret of an app installed in the community).',
    breaks: 'secret-required',
    operations: DATA_ACTIONS,
    onRequest: (ctx) => {
      const body = ctx.req.body;
      if (!isRecord(body) || typeof body.secret !== 'string' || !isRecord(body.context)) return;
      const community = body.context.community;
      const installation = ctx.store.installationsInCommunity(String(community)).find((i) => i.active);
      const secret = installation ? ctx.store.app(installation.appId)?.dataActionSecret : undefined;
      if (secret) body.secret = secret;
    },
  },
  {
    name: 'data-action-ignores-after',
    description: 'The data actions ignore `data.after` and return older records too.',
    breaks: 'updated-after',
    operations: DATA_ACTIONS,
    onRequest: (ctx) => {
      const data = isRecord(ctx.req.body) ? ctx.req.body.data : undefined;
      if (isRecord(data)) delete data.after;
    },
  },
  {
    name: 'data-action-ignores-limit',
    description: 'The data actions ignore `data.limit`.',
    breaks: 'data-action-limit',
    operations: DATA_ACTIONS,
    onRequest: (ctx) => {
      const data = isRecord(ctx.req.body) ? ctx.req.body.data : undefined;
      if (isRecord(data) && typeof data.limit === 'number') delete data.limit;
    },
  },
  {
    name: 'data-action-over-limit',
    description: 'The data actions answer one record more than `data.limit` (an inclusive bound).',
    breaks: 'data-action-limit',
    operations: DATA_ACTIONS,
    onRequest: (ctx) => {
      const data = isRecord(ctx.req.body) ? ctx.req.body.data : undefined;
      if (isRecord(data) && typeof data.limit === 'number' && data.limit < 1000) data.limit += 1;
    },
  },
  {
    name: 'users-without-roles-set',
    description: 'The users data action leaves `rolesSet` out of its records.',
    breaks: 'roles-set',
    operations: ['getUpdatedUsers'],
    onResponse: (_ctx, res) => {
      if (!isSuccess(res.status) || !isRecord(res.body) || !Array.isArray(res.body.data)) return;
      for (const record of res.body.data) if (isRecord(record)) delete record.rolesSet;
    },
  },
  {
    name: 'data-action-newest-first',
    description: 'The data actions return the newest records first.',
    breaks: 'data-action-order',
    operations: DATA_ACTIONS,
    onResponse: (_ctx, res) => {
      if (isRecord(res.body) && Array.isArray(res.body.data)) res.body.data.reverse();
    },
  },
  {
    name: 'data-action-records-key',
    description: 'The data actions answer their records under `records` instead of `data`.',
    breaks: 'response-schema',
    operations: DATA_ACTIONS,
    onResponse: (_ctx, res) => {
      if (isSuccess(res.status) && isRecord(res.body)) renameKey(res.body, 'data', 'records');
    },
  },
  // ------------------------------------------------------------------ user-info
  {
    name: 'user-info-ignores-includes',
    description: 'User-info returns every part the scopes allow, whatever `includes` asks for.',
    breaks: 'user-info-includes',
    operations: ['getUserInfo'],
    onRequest: (ctx) => {
      ctx.req.query.includes = 'members,groups,community';
    },
  },
  {
    name: 'user-info-members-lowercase',
    description: 'User-info answers `members` instead of `Members`.',
    breaks: 'key-spelling',
    operations: ['getUserInfo'],
    onResponse: (_ctx, res) => {
      if (isRecord(res.body)) renameKey(res.body, 'Members', 'members');
    },
  },
  {
    name: 'user-info-updated-at-camel',
    description: "User-info answers the user's `updatedAt` instead of `UpdatedAt`.",
    breaks: 'key-spelling',
    operations: ['getUserInfo'],
    onResponse: (_ctx, res) => {
      if (isRecord(res.body) && isRecord(res.body.user)) renameKey(res.body.user, 'UpdatedAt', 'updatedAt');
    },
  },
  // ------------------------------------------------------------------ input-triggered (inputFaults.ts)
  ...inputFaults,
];
