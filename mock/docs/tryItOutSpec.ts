import type { OpenAPIV3_1 } from 'openapi-types';
import type { Store } from '../store/Store.ts';

/** Values of the seeded data that make every operation's Try it out answer with data. */
export interface TryItOutValues {
  community: string;
  groupId: string;
  /** A word of that group's name, for the search. */
  searchWord: string;
  season: string;
  /** An app installed and active in the community, and its data-action secret. */
  appId: string;
  appSecret: string;
  /** An app whose installation there waits for a manual approval. */
  pendingAppId?: string;
  /** The data actions' `data.season` and `data.after`: together they select users and components of this data. */
  dataAction?: { season: string; after: string };
}

/** Picks them from the mock's own data (the default session's), as the suite's config does for the seeded mock. */
export function tryItOutValues(store: Store): TryItOutValues | undefined {
  for (const community of store.communities()) {
    const group = store.queryGroups({ community: community.id, active: true, page: 1, limit: 1 }).items[0];
    const here = store.installationsInCommunity(community.id);
    const installed = here.find((i) => i.status === 'installed' && i.active);
    const app = installed ? store.app(installed.appId) : undefined;
    if (!group || !installed || !app) continue;
    const pending = here.find((i) => i.status === 'pending_approval' && store.app(i.appId)?.manifest.approval === 'manual');
    const word =
      String(group.name ?? '')
        .split(/\s+/)
        .find((w) => w.length >= 3) ?? String(group.alias ?? '');
    return {
      community: community.id,
      groupId: group._id,
      searchWord: word,
      season: String(group.season ?? ''),
      appId: installed.appId,
      appSecret: app.dataActionSecret,
      ...(pending ? { pendingAppId: pending.appId } : {}),
      ...dataActionSelection(store, community.id, [String(group.season ?? ''), ...[...community.seasons].reverse()]),
    };
  }
  return undefined;
}

/** How many of the latest records of each data action the prefilled `after` selects at least. */
const DATA_ACTION_RECORDS = 10;

/**
 * A season and an `after` that select records of both data actions in this data: the contract's example
 * (season 2026, after March) names an instant the seeded data, dated from its own `now`, may have no record at
 * or after, and Execute would answer `data: []`. `after` is the start of the day of the oldest of each action's
 * latest DATA_ACTION_RECORDS records, so the inclusive bound (updatedAt >= after) keeps each of them.
 */
function dataActionSelection(store: Store, community: string, seasons: string[]): { dataAction?: TryItOutValues['dataAction'] } {
  for (const season of new Set(seasons.filter(Boolean))) {
    const query = { community, season, limit: Number.MAX_SAFE_INTEGER };
    const latest = [store.usersUpdatedAfter(query), store.componentsUpdatedAfter(query)].map(
      (records) => records.at(-Math.min(DATA_ACTION_RECORDS, records.length))?.updatedAt,
    );
    if (latest.some((at) => at === undefined)) continue;
    const oldest = (latest as string[]).sort()[0] as string;
    return { dataAction: { season, after: `${oldest.slice(0, 10)}T00:00:00.000Z` } };
  }
  return {};
}

type Doc = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

/** Operations a fetch from the page cannot run: the browser login and the token exchange behind it. */
export const AUTHORIZE_BUTTON_ONLY = ['authorize', 'token'];

const NOTE =
  '**Try it out does not run this step on its own**: it is a browser login (a redirect to the consent page) and the code exchange behind it. Use the **Authorize** button at the top of this page (the `oauth2` scheme): it runs this very flow with PKCE and fills the token in for every other operation.\n\n';

/**
 * The spec as /docs shows it: the contract, with the example values Swagger UI fills in replaced by values of
 * this mock's data, so Execute with the defaults answers with data (the contract's own examples, from the
 * description, name records the seeded data does not have: a 404, an empty list, a 401 for the secret).
 * Optional filters lose their example (an empty field, the whole list); the two OAuth steps point to the
 * Authorize button. `/openapi.json` stays the contract as written.
 */
export function tryItOutSpec(served: Doc, values: TryItOutValues | undefined): Doc {
  const doc = structuredClone(served);
  for (const [, item] of Object.entries(doc.paths ?? {})) {
    // Path-level parameters are copied into each operation (with its own starting values), then dropped here.
    const shared = (item?.parameters ?? []) as object[];
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const op = item?.[method] as Operation | undefined;
      if (!op?.operationId) continue;
      if (AUTHORIZE_BUTTON_ONLY.includes(op.operationId)) {
        op.description = NOTE + (op.description ?? '');
        continue;
      }
      if (!values) continue;
      const parameters = [...shared, ...((op.parameters ?? []) as object[])].map((p) => resolve<Parameter>(doc, p));
      op.parameters = parameters.map((p) => withExample(p, exampleFor(op.operationId as string, p, values)));
      const body = op.requestBody ? resolve<OpenAPIV3_1.RequestBodyObject>(doc, op.requestBody) : undefined;
      if (body) op.requestBody = withBodyValues(doc, body, values);
    }
    if (values && item?.parameters) delete item.parameters;
  }
  return doc;
}

/** The value Try it out should start with; undefined leaves the field empty. */
function exampleFor(operationId: string, p: Parameter, v: TryItOutValues): unknown {
  if (p.name === 'community-id' || (p.in === 'path' && p.name === 'community')) return v.community;
  if (p.in === 'path' && p.name === 'groupId') return v.groupId;
  if (p.in === 'path' && p.name === 'appId') return operationId === 'approveAppInstallation' && v.pendingAppId ? v.pendingAppId : v.appId;
  if (p.in === 'query' && p.name === 'q') return v.searchWord;
  if (p.in === 'query' && p.name === 'includes') return (p as { example?: unknown }).example;
  if (p.in === 'query' && !p.required) return undefined;
  return (p as { example?: unknown }).example;
}

function withExample(p: Parameter, example: unknown): Parameter {
  const { example: _old, examples: _olds, ...rest } = p as Parameter & { example?: unknown };
  const schema = rest.schema && !('$ref' in rest.schema) ? { ...rest.schema } : rest.schema;
  if (schema && !('$ref' in schema)) {
    delete (schema as { example?: unknown }).example;
    delete (schema as { examples?: unknown }).examples;
  }
  return { ...rest, ...(schema ? { schema } : {}), ...(example === undefined ? {} : { example }) } as Parameter;
}

/** Request bodies: the data actions' secret and community, the sync upload's community, from this mock's data. */
function withBodyValues(doc: Doc, body: OpenAPIV3_1.RequestBodyObject, v: TryItOutValues): OpenAPIV3_1.RequestBodyObject {
  const content: Record<string, OpenAPIV3_1.MediaTypeObject> = {};
  for (const [type, media] of Object.entries(body.content ?? {})) {
    const examples: Record<string, OpenAPIV3_1.ExampleObject> = {};
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      const resolved = structuredClone(resolve<OpenAPIV3_1.ExampleObject>(doc, example));
      rewriteValue(resolved.value, v);
      examples[name] = resolved;
    }
    content[type] = { ...media, ...(media.examples ? { examples } : {}) };
  }
  return { ...body, content };
}

function rewriteValue(value: unknown, v: TryItOutValues): void {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.secret === 'string') record.secret = v.appSecret;
  const context = record.context as Record<string, unknown> | undefined;
  if (context && typeof context.community === 'string') context.community = v.community;
  const data = record.data as Record<string, unknown> | undefined;
  if (data && typeof data === 'object' && v.dataAction) {
    if ('season' in data) data.season = v.dataAction.season;
    if ('after' in data) data.after = v.dataAction.after;
  }
}

function resolve<T>(doc: Doc, value: unknown): T {
  let current = value as { $ref?: string };
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    let target: unknown = doc;
    for (const key of current.$ref.slice(2).split('/')) target = (target as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')];
    current = target as { $ref?: string };
  }
  return current as T;
}
