import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, parseDocumentText } from '../../spec/loadDocument.ts';
import { diffSpecs } from './diffSpecs.ts';
import { SPEC_DIFF_RULES } from './specDiffWaivers.ts';
import type { Level, SpecChange } from './SpecChange.ts';

type Doc = any;

const SPEC: Doc = parseDocumentText(readFileSync(DEFAULT_SPEC_PATH, 'utf8'), DEFAULT_SPEC_PATH);
const B: Level = 'breaking';
const P: Level = 'potentially-breaking';
const S: Level = 'safe';

interface Want {
  rule: string;
  operation?: string;
  clients: Level;
  implementations: Level;
  component?: string;
}

interface Case {
  /** An edit to the old document first, when the contract lacks what the edit needs (it has no `enum`). */
  before?: (doc: Doc) => void;
  edit: (doc: Doc) => void;
  /** Every distinct rule the diff must report, each with the grades oasdiff gives (clients) and their mirror. */
  want: Want[];
}

const schemas = (doc: Doc) => doc.components.schemas;
const params = (doc: Doc) => doc.components.parameters;

/**
 * Labelled edits of the contract and what they cost each party. Clients' grades follow oasdiff's checker
 * (ERR = breaking, WARN = potentially breaking, INFO = safe); implementations get the mirror: what a client
 * may send more of, or an answer must carry more of, breaks an implementation of the old contract.
 */
const CASES: Array<[string, Case]> = [
  [
    'an operation removed',
    {
      edit: (d) => delete d.paths['/v1/groups/{groupId}'].get,
      want: [{ rule: 'api-operation-removed', operation: 'getGroup', clients: B, implementations: S }],
    },
  ],
  [
    'a required response property renamed (Group.name → title)',
    {
      edit: (d) => {
        const g = schemas(d).Group;
        g.properties.title = g.properties.name;
        delete g.properties.name;
        g.required = ['title'];
      },
      want: [
        { rule: 'response-body-required-property-removed', operation: 'listGroups', clients: B, implementations: S, component: '#/components/schemas/Group' },
        { rule: 'response-body-required-property-added', operation: 'getGroup', clients: S, implementations: B, component: '#/components/schemas/Group' },
      ],
    },
  ],
  [
    'an optional response property renamed (Group.alias → code)',
    {
      edit: (d) => {
        const g = schemas(d).Group;
        g.properties.code = g.properties.alias;
        delete g.properties.alias;
      },
      want: [
        { rule: 'response-body-optional-property-removed', operation: 'getGroup', clients: P, implementations: S },
        { rule: 'response-body-optional-property-added', operation: 'getGroup', clients: S, implementations: S },
      ],
    },
  ],
  [
    'a request parameter type narrowed (number → integer)',
    {
      before: (d) => (params(d).Limit.schema.type = 'number'),
      edit: (d) => (params(d).Limit.schema.type = 'integer'),
      want: [{ rule: 'request-parameter-type-changed', operation: 'listGroups', clients: B, implementations: S, component: '#/components/parameters/Limit' }],
    },
  ],
  [
    'a request property type changed (string → integer)',
    {
      edit: (d) => (schemas(d).SyncGroupEntry.properties.name = { type: 'integer' }),
      want: [{ rule: 'request-body-type-changed', operation: 'uploadSyncEntities', clients: B, implementations: B }],
    },
  ],
  [
    'a request enum narrowed',
    {
      before: (d) => (params(d).Sort.schema = { type: 'string', enum: ['createdAt', 'updatedAt', 'name'] }),
      edit: (d) => (params(d).Sort.schema.enum = ['createdAt', 'name']),
      want: [{ rule: 'request-parameter-enum-value-removed', operation: 'listGroups', clients: B, implementations: S }],
    },
  ],
  [
    'a response enum widened',
    {
      before: (d) => (schemas(d).AppInstallation.properties.status.enum = ['installed', 'uninstalled']),
      edit: (d) => (schemas(d).AppInstallation.properties.status.enum = ['installed', 'uninstalled', 'suspended']),
      want: [
        { rule: 'response-body-enum-value-added', operation: 'listAppInstallations', clients: P, implementations: S },
        // The same schema is also updateAppInstallation's request body: there the wider set is for the platform to accept.
        { rule: 'request-body-enum-value-added', operation: 'updateAppInstallation', clients: S, implementations: B },
      ],
    },
  ],
  [
    'a known value added to an open set (x-known-values)',
    {
      edit: (d) => schemas(d).AppInstallation.properties.status['x-known-values'].push('suspended'),
      want: [
        { rule: 'response-body-known-value-added', operation: 'listAppInstallations', clients: S, implementations: S },
        { rule: 'request-body-known-value-added', operation: 'updateAppInstallation', clients: S, implementations: P },
      ],
    },
  ],
  [
    'a new required request property',
    {
      edit: (d) => {
        schemas(d).SyncUpload.properties.run = { type: 'string' };
        schemas(d).SyncUpload.required = ['run'];
      },
      want: [{ rule: 'request-body-required-property-added', operation: 'uploadSyncEntities', clients: B, implementations: S }],
    },
  ],
  [
    'a new required request property of a data action (roles inverted: the platform sends it)',
    {
      edit: (d) => {
        schemas(d).DataActionRequest.properties.locale = { type: 'string' };
        schemas(d).DataActionRequest.required.push('locale');
      },
      want: [
        { rule: 'request-body-required-property-added', operation: 'getUpdatedUsers', clients: S, implementations: B },
        { rule: 'request-body-required-property-added', operation: 'getUpdatedComponents', clients: S, implementations: B },
      ],
    },
  ],
  [
    'a new required response property',
    {
      edit: (d) => {
        schemas(d).Group.properties.room = { type: 'string' };
        schemas(d).Group.required.push('room');
      },
      want: [{ rule: 'response-body-required-property-added', operation: 'listGroups', clients: S, implementations: B }],
    },
  ],
  [
    'a new required response property of a data action (roles inverted: the app answers it)',
    {
      edit: (d) => {
        schemas(d).UpdatedUsersResponse.properties.next = { type: 'string' };
        schemas(d).UpdatedUsersResponse.required.push('next');
      },
      want: [{ rule: 'response-body-required-property-added', operation: 'getUpdatedUsers', clients: B, implementations: S }],
    },
  ],
  [
    'a response property became required',
    {
      edit: (d) => schemas(d).Group.required.push('alias'),
      want: [{ rule: 'response-body-property-became-required', operation: 'getGroup', clients: S, implementations: B }],
    },
  ],
  [
    'a parameter moved (query → header)',
    {
      edit: (d) => (params(d).Page.in = 'header'),
      want: [{ rule: 'request-parameter-moved', operation: 'listGroups', clients: B, implementations: B, component: '#/components/parameters/Page' }],
    },
  ],
  [
    'a changed status (200 → 201)',
    {
      edit: (d) => {
        const r = d.paths['/v1/appmaker/apps/{appId}/installations/{community}/approve'].post.responses;
        r['201'] = r['200'];
        delete r['200'];
      },
      want: [
        { rule: 'response-status-removed', operation: 'approveAppInstallation', clients: B, implementations: B },
        { rule: 'response-status-added', operation: 'approveAppInstallation', clients: P, implementations: S },
      ],
    },
  ],
  [
    'a scope removed from the OAuth scheme',
    {
      edit: (d) => delete d.components.securitySchemes.oauth2.flows.authorizationCode.scopes['related.members.groups'],
      want: [{ rule: 'security-scheme-scope-removed', clients: B, implementations: S }],
    },
  ],
  [
    'a scope an operation required removed',
    {
      before: (d) => (d.paths['/v1/oauth/user/info'].get.security = [{ oauth2: ['openid'] }]),
      edit: (d) => (d.paths['/v1/oauth/user/info'].get.security = [{ oauth2: [] }]),
      want: [{ rule: 'security-scope-removed', operation: 'getUserInfo', clients: S, implementations: B }],
    },
  ],
  [
    'an operation that needed no credential now needs one',
    {
      edit: (d) => (d.paths['/.well-known/oauth-authorization-server'].get.security = [{ bearerAuth: [] }]),
      want: [
        { rule: 'security-requirement-removed', operation: 'getAuthorizationServerMetadata', clients: B, implementations: S },
        { rule: 'security-requirement-added', operation: 'getAuthorizationServerMetadata', clients: S, implementations: B },
      ],
    },
  ],
  [
    'a change only under a $ref-ed component (GroupTag.name string → integer)',
    {
      edit: (d) => (schemas(d).GroupTag.properties.name = { type: 'integer' }),
      want: [
        { rule: 'response-body-type-changed', operation: 'listGroups', clients: B, implementations: B, component: '#/components/schemas/GroupTag' },
        { rule: 'response-body-type-changed', operation: 'getGroup', clients: B, implementations: B, component: '#/components/schemas/GroupTag' },
      ],
    },
  ],
  [
    'a request bound narrowed (limit ≤ 500)',
    {
      edit: (d) => (params(d).Limit.schema.maximum = 500),
      want: [{ rule: 'request-parameter-bound-narrowed', operation: 'listGroups', clients: B, implementations: S }],
    },
  ],
  [
    'a response pattern added',
    {
      edit: (d) => (schemas(d).Group.properties._id.pattern = '^[0-9a-f]{24}$'),
      want: [{ rule: 'response-body-pattern-changed', operation: 'getGroup', clients: S, implementations: B }],
    },
  ],
  [
    'a format dropped from a data action request (the app must take more)',
    {
      edit: (d) => delete schemas(d).DataActionRequest.properties.data.properties.after.format,
      want: [{ rule: 'request-body-format-changed', operation: 'getUpdatedUsers', clients: B, implementations: S }],
    },
  ],
  [
    'a request media type added',
    {
      edit: (d) => (d.paths['/v2/sync/{syncRunId}/uploadEntities'].post.requestBody.content['application/x-ndjson'] = { schema: { type: 'string' } }),
      want: [{ rule: 'request-body-media-type-added', operation: 'uploadSyncEntities', clients: S, implementations: B }],
    },
  ],
  [
    'a response header removed',
    {
      edit: (d) => delete d.paths['/v1/groups'].get.responses['200'].headers['X-Total-Count'],
      want: [{ rule: 'response-header-removed', operation: 'listGroups', clients: P, implementations: S }],
    },
  ],
  [
    'safe additions: an optional response property, an error status, an optional header',
    {
      edit: (d) => {
        schemas(d).Group.properties.room = { type: 'string' };
        const get = d.paths['/v1/groups/{groupId}'].get;
        get.responses['429'] = { description: 'Too many requests' };
        get.responses['200'].headers = { 'X-Request-Id': { schema: { type: 'string' } } };
      },
      want: [
        { rule: 'response-body-optional-property-added', operation: 'getGroup', clients: S, implementations: S },
        { rule: 'response-status-added', operation: 'getGroup', clients: S, implementations: S },
        { rule: 'response-header-added', operation: 'getGroup', clients: S, implementations: S },
      ],
    },
  ],
  [
    'additions a client may ignore but an implementation must serve',
    {
      edit: (d) => {
        d.paths['/v1/groups'].get.parameters.push({ name: 'room', in: 'query', schema: { type: 'string' } });
        d.paths['/v1/rooms'] = { get: { operationId: 'listRooms', responses: { '200': { description: 'ok' } } } };
      },
      want: [
        { rule: 'new-optional-request-parameter', operation: 'listGroups', clients: S, implementations: P },
        { rule: 'api-operation-added', operation: 'listRooms', clients: S, implementations: B },
      ],
    },
  ],
];

function run(c: Case): SpecChange[] {
  const base = structuredClone(SPEC);
  c.before?.(base);
  const head = structuredClone(base);
  c.edit(head);
  return diffSpecs(base, head);
}

describe('diffSpecs', () => {
  it('finds nothing between a document and itself', () => {
    expect(diffSpecs(SPEC, structuredClone(SPEC))).toEqual([]);
  });

  it.each(CASES)('%s', (_label, c) => {
    const changes = run(c);
    for (const want of c.want) {
      const found = changes.find((ch) => ch.rule === want.rule && (want.operation === undefined || ch.operation === want.operation));
      expect(
        found,
        `${want.rule} on ${want.operation ?? '(document)'} in\n${changes.map((ch) => `${ch.rule} ${ch.operation ?? ''}`).join('\n')}`,
      ).toBeDefined();
      expect({ clients: found?.clients, implementations: found?.implementations }).toEqual({ clients: want.clients, implementations: want.implementations });
      if (want.component) expect(found?.component).toBe(want.component);
      expect(found?.pointer).toMatch(/^#\//);
      expect(found?.sentence).toMatch(/\.$/);
    }
    // Every rule reported can be named by a waiver.
    for (const ch of changes) expect(SPEC_DIFF_RULES.has(ch.rule), ch.rule).toBe(true);
    // Nothing beyond what the edit means: every rule reported is one the case names.
    expect([...new Set(changes.map((ch) => ch.rule))].sort()).toEqual([...new Set(c.want.map((w) => w.rule))].sort());
  });
});
