import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AREAS, type ConformConfig } from '../../conformance/config/ConformConfig.ts';
import { buildConformConfig } from '../../fixtures/conformConfig.ts';
import { SESSION_HEADER } from '../sessions/sessionName.ts';
import { checkConformTarget } from './conformTarget.ts';
import type { McpContext } from './McpContext.ts';
import { sessionArg, sessionFor } from './sessionArg.ts';
import { guarded, ToolRefusal, toolResult } from './toolResult.ts';

/** A run's deadline unless the call says otherwise: the whole suite against the mock takes well under it. */
const DEFAULT_DEADLINE_S = 300;

/**
 * run_conformance: the suite against a base URL (the mock itself by default), its verdict and its failures,
 * each with a curl reproducer. Against the mock it runs in a session (`session`, default "default"), so a
 * session an agent broke on purpose is what gets judged, and it needs no configuration.
 */
export function conformTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'run_conformance',
    {
      title: 'Run the conformance suite',
      description:
        'Runs the conformance suite against an implementation (default: this mock, in the given session; reset_session first for a verdict on fresh data) and returns the verdict (pass, fail, incomplete, unreachable) and each failure with the rule it breaks and a curl line that reproduces it. Only loopback targets and those named at start (--conform-target) are allowed.',
      inputSchema: {
        baseUrl: z.string().max(2000).optional().describe('The implementation to test; this mock when omitted.'),
        session: sessionArg.describe('Against this mock: the session to run in ("default" when omitted).'),
        areas: z
          .array(z.enum(AREAS))
          .max(AREAS.length)
          .optional()
          .describe(`Only these areas (${AREAS.join(', ')}); every area when omitted.`),
        config: z
          .record(z.string(), z.unknown())
          .optional()
          .describe(
            'The suite configuration for a target other than this mock (the keys of fixtures/conform.mock.json: community, token, appId, appSecret, pendingApproval, otherCommunity, otherApp, oauth, headers).',
          ),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .optional()
          .describe('The run seed (default 1): the same seed sends the same requests.'),
        strict: z.boolean().optional().describe('SHOULD rules (our decisions) fail the run instead of warning.'),
        generate: z.number().int().min(0).max(200).optional().describe('Random cases per operation in the generative area (default 25).'),
        timeoutSeconds: z.number().int().min(1).max(1800).optional().describe(`The run deadline (default ${DEFAULT_DEADLINE_S}).`),
      },
    },
    (args, extra) =>
      guarded(async () => {
        const own = context.baseUrl();
        const baseUrl = checkConformTarget(args.baseUrl ?? own ?? '', context.conformTargets);
        const atMock = own !== undefined && new URL(baseUrl).origin === new URL(own).origin;
        if (!atMock && args.config === undefined)
          throw new ToolRefusal('invalid_request', 'Give `config` for a target other than this mock (the keys of fixtures/conform.mock.json).');
        if (!atMock && args.session !== undefined) throw new ToolRefusal('invalid_request', '`session` names a session of this mock; the target is another.');
        const config = atMock ? mockConfig(context, baseUrl, args.session) : targetConfig(baseUrl, args.config ?? {}, context.conformTargets);
        const progressToken = extra._meta?.progressToken;
        // The suite's own module loads only when a run is asked for: the mock's start does not pay for it.
        const { runSuite } = await import('./runSuite.ts');
        const verdict = await runSuite({
          config,
          ...(args.areas ? { areas: args.areas } : {}),
          seed: args.seed ?? 1,
          ...(args.strict !== undefined ? { strict: args.strict } : {}),
          ...(args.generate !== undefined ? { generate: args.generate } : {}),
          deadlineMs: (args.timeoutSeconds ?? DEFAULT_DEADLINE_S) * 1000,
          // The run's own clock: report times only, never a verdict (the suite bounds its work by counts).
          now: () => new Date(),
          onProgress: (done, title) => {
            if (progressToken !== undefined)
              void extra
                .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: done, message: title } })
                .catch(() => undefined);
          },
        });
        const counts = verdict.counts ? ` (${verdict.counts.passed} passed, ${verdict.counts.failed} failed, ${verdict.counts.warnings} warnings)` : '';
        const first = verdict.failures[0];
        return toolResult(
          `${verdict.verdict}${counts} against ${verdict.baseUrl}${verdict.reason ? `: ${verdict.reason}` : ''}${first ? `; first failure: ${first.check} (${first.severity}) ${first.message.slice(0, 200)}` : ''}`,
          { ...verdict },
        );
      }),
  );
}

/**
 * The suite's configuration for this mock, in that session: picked from the seeded data (a session made for
 * the purpose and dropped), not from the session's present state, which an earlier run may have changed
 * (its pending installation approved).
 */
function mockConfig(context: McpContext, baseUrl: string, session: string | undefined): ConformConfig {
  const target = sessionFor(context.sessions, session);
  const scratch = `conform-config-${randomUUID().slice(0, 8)}`;
  let config;
  try {
    config = buildConformConfig(sessionFor(context.sessions, scratch).store.snapshot());
  } finally {
    context.sessions.delete(scratch);
  }
  return { baseUrl, ...config, headers: { [SESSION_HEADER]: target.session } };
}

/** A configuration given by the caller: its OAuth URLs, when absolute, must be allowed targets too. */
function targetConfig(baseUrl: string, given: Record<string, unknown>, named: readonly string[]): ConformConfig {
  if ('baseUrl' in given) throw new ToolRefusal('invalid_request', 'Give the target as `baseUrl`, not inside `config`.');
  const oauth = given.oauth as { authorizationUrl?: unknown; tokenUrl?: unknown } | undefined;
  for (const url of [oauth?.authorizationUrl, oauth?.tokenUrl]) {
    if (typeof url === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(url)) checkConformTarget(url, named);
  }
  return { ...(given as Partial<ConformConfig>), baseUrl };
}
