import { existsSync, readFileSync } from 'node:fs';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { McpContext } from './McpContext.ts';
import { decisionRows, decisionsText } from './decisionRows.ts';
import { describeOperation } from './describeOperation.ts';
import { sessionArg, sessionFor } from './sessionArg.ts';
import { guarded, ToolRefusal, toolResult } from './toolResult.ts';

/** Groups listed per community by list_seed_data unless asked for more. */
const SAMPLE_GROUPS = 5;

/** The contract and the data: look up an operation, list what is seeded; the spec and its decisions as resources. */
export function specTools(server: McpServer, context: McpContext): void {
  const { sessions } = context;
  const contract = () => sessionFor(sessions, undefined).contract;

  server.registerTool(
    'describe_operation',
    {
      title: 'Look up an operation',
      description:
        'One operation of the API, by operationId or by method and path: its parameters, request and answer schemas, an example, and the decisions of spec/DECISIONS.md that apply. With no argument: every operation.',
      inputSchema: {
        operationId: z.string().max(100).optional().describe('e.g. listGroups'),
        method: z.string().max(10).optional().describe('With path: the HTTP method of a concrete request, e.g. GET.'),
        path: z.string().max(2000).optional().describe('With method: a concrete request path, e.g. /v1/groups/64b7f0c2a1e4d93b5c0f2c10.'),
      },
    },
    ({ operationId, method, path }) =>
      guarded(() => {
        const spec = contract();
        if (operationId === undefined && method === undefined && path === undefined) {
          const operations = [...spec.operations.values()].map((op) => ({
            operationId: op.operationId,
            method: op.method.toUpperCase(),
            path: op.path,
            summary: op.summary,
          }));
          return toolResult(`${operations.length} operations; describe_operation with an operationId for one`, { operations });
        }
        let op = operationId !== undefined ? spec.operations.get(operationId) : undefined;
        if (operationId === undefined) {
          if (method === undefined || path === undefined) throw new ToolRefusal('invalid_request', 'Give an operationId, or both method and path.');
          op = spec.matchOperation(method.toUpperCase(), path)?.operation;
        }
        if (!op) {
          const known = [...spec.operations.keys()].join(', ');
          throw new ToolRefusal(
            'not_found',
            `No operation ${operationId !== undefined ? `"${operationId.slice(0, 100)}"` : `answers ${String(method).slice(0, 10)} ${String(path).slice(0, 200)}`} (known: ${known}).`,
          );
        }
        const described = describeOperation(spec, op, decisionRows());
        return toolResult(
          `${described.method} ${described.path} (${described.operationId}): ${described.summary}; ${described.decisions.length} decision(s) apply`,
          { ...described },
        );
      }),
  );

  server.registerTool(
    'list_seed_data',
    {
      title: 'List seeded data',
      description:
        'What the session holds to work with: communities (the community-id header), development bearer tokens, apps with their secrets, and a sample of groups per community.',
      inputSchema: {
        session: sessionArg,
        groupsPerCommunity: z.number().int().min(0).max(100).optional().describe(`Groups listed per community (default ${SAMPLE_GROUPS}).`),
      },
    },
    ({ session, groupsPerCommunity }) =>
      guarded(() => {
        const { store } = sessionFor(sessions, session);
        const per = groupsPerCommunity ?? SAMPLE_GROUPS;
        const communities = store.communities().map((c) => {
          const page = store.queryGroups({ community: c.id, page: 1, limit: Math.max(per, 1) });
          return {
            id: c.id,
            name: c.name,
            seasons: c.seasons,
            groups: page.total,
            sampleGroups: page.items.slice(0, per).map((g) => ({ _id: g._id, alias: g.alias, name: g.name, season: g.season, active: g.active })),
          };
        });
        const tokens = store
          .tokens()
          .filter((t) => t.kind === 'development')
          .map((t) => ({ token: t.token, label: t.label, subject: t.subject, communities: t.communities }));
        const apps = store.apps().map((a) => ({
          appId: a.manifest.id,
          name: a.manifest.displayName,
          approval: a.manifest.approval,
          dataActionSecret: a.dataActionSecret,
          installedIn: store.installationsOfApp(a.manifest.id ?? '').map((i) => ({ community: i.community, status: i.status, active: i.active })),
        }));
        return toolResult(
          `seed ${store.seed}: ${communities.length} communities (${communities.map((c) => c.id).join(', ')}), ${tokens.length} development tokens, ${apps.length} apps`,
          {
            seed: store.seed,
            ...(context.baseUrl() ? { baseUrl: context.baseUrl() } : {}),
            howToCall: 'Authorization: Bearer <token>, community-id: <community id> (operations 2 to 8), X-Mock-Session: <session> to work in a session',
            communities,
            tokens,
            apps,
          },
        );
      }),
  );

  server.registerResource(
    'openapi',
    'edu-mock://spec/openapi',
    { title: 'The API contract (OpenAPI 3.1)', description: 'The contract the mock serves and the suite checks.', mimeType: 'application/yaml' },
    (uri) => {
      const spec = contract();
      // The file the contract was read from; a contract built in memory is given as its JSON.
      const yaml = /\.ya?ml$/.test(spec.file) && existsSync(spec.file);
      return {
        contents: [
          yaml
            ? { uri: uri.href, mimeType: 'application/yaml', text: readFileSync(spec.file, 'utf8') }
            : { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(spec.document, null, 1) },
        ],
      };
    },
  );

  server.registerResource(
    'decisions',
    'edu-mock://spec/DECISIONS.md',
    {
      title: 'Decisions where the API description is silent',
      description: 'Every gap of the API description decided by this contract (errors, paging, upload answer, OAuth details): SHOULD rules of the suite.',
      mimeType: 'text/markdown',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: decisionsText() }] }),
  );
}
