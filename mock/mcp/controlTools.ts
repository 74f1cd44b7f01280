import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { advanceClock, availableFaults, clockView, faultsView, latencyView, setClock, setFaults, setLatency } from '../controls/controlActions.ts';
import type { McpContext } from './McpContext.ts';
import { sessionArg, sessionFor } from './sessionArg.ts';
import { guarded, ToolRefusal, toolResult } from './toolResult.ts';

const operationArg = z
  .string()
  .max(100)
  .optional()
  .describe('Only requests to this operation (an operationId, e.g. listGroups); every operation when omitted.');
const timesArg = z.number().int().min(1).max(10_000).optional().describe('Only the next N matching requests; until changed when omitted.');

/**
 * Clock, latency and faults of a session: each calls the action its /__mock route calls (controlActions.ts)
 * with the same body, so a tool refuses what the route refuses, with the same words.
 */
export function controlTools(server: McpServer, context: McpContext): void {
  const { sessions } = context;
  server.registerTool(
    'get_clock',
    {
      title: 'Read the clock',
      description: "The session's mock clock: the instant it says, and whether it stands still.",
      inputSchema: { session: sessionArg },
    },
    ({ session }) =>
      guarded(() => {
        const view = clockView(sessionFor(sessions, session).clock);
        return toolResult(`the clock says ${view.now}${view.frozen ? ' (frozen)' : ''}`, { ...view });
      }),
  );

  server.registerTool(
    'set_clock',
    {
      title: 'Set or advance the clock',
      description: 'Sets the session clock to an instant (`now`), or moves it forward (`advanceSeconds`); tokens, codes and timestamps follow it.',
      inputSchema: {
        session: sessionArg,
        now: z.string().max(40).optional().describe('An ISO 8601 date-time, e.g. 2026-05-01T08:00:00.000Z.'),
        advanceSeconds: z.number().min(0).optional().describe('Seconds to move the clock forward (never back).'),
      },
    },
    ({ session, now, advanceSeconds }) =>
      guarded(() => {
        const clock = sessionFor(sessions, session).clock;
        if ((now === undefined) === (advanceSeconds === undefined)) throw new ToolRefusal('invalid_request', 'Give either `now` or `advanceSeconds`.');
        const view = now !== undefined ? setClock(clock, { now }) : advanceClock(clock, { seconds: advanceSeconds });
        return toolResult(`the clock says ${view.now}${view.frozen ? ' (frozen)' : ''}`, { ...view });
      }),
  );

  server.registerTool(
    'get_latency',
    {
      title: 'Read the latency',
      description: 'The delay added to the session answers, and the rules for single operations.',
      inputSchema: { session: sessionArg },
    },
    ({ session }) =>
      guarded(() => {
        const view = latencyView(sessionFor(sessions, session));
        return toolResult(`latency ${view.ms} ms ± ${view.jitterMs} ms, ${view.rules.length} rule(s)`, { ...view });
      }),
  );

  server.registerTool(
    'set_latency',
    {
      title: 'Set the latency',
      description:
        'Delays the session answers: for every request (replacing the rules), or, with operationId and/or times, for that operation and its next N requests alongside.',
      inputSchema: {
        session: sessionArg,
        ms: z.number().min(0).max(60_000).describe('Milliseconds added to each answer.'),
        jitterMs: z.number().min(0).max(60_000).optional().describe('Up to this many milliseconds more, at random.'),
        operationId: operationArg,
        times: timesArg,
      },
    },
    ({ session, ...body }) =>
      guarded(() => {
        const view = setLatency(sessionFor(sessions, session), body);
        return toolResult(`latency ${view.ms} ms ± ${view.jitterMs} ms, ${view.rules.length} rule(s)`, { ...view });
      }),
  );

  server.registerTool(
    'list_faults',
    {
      title: 'List faults',
      description:
        'The faults that can be switched on (each imitates a bug of a server: a wrong status, a key missing, a filter ignored), and those active in the session.',
      inputSchema: { session: sessionArg },
    },
    ({ session }) =>
      guarded(() => {
        const view = faultsView(sessionFor(sessions, session));
        const available = availableFaults(context.faultCatalog);
        return toolResult(`${view.active.length} active, ${view.rules.length} rule(s), ${available.length} available`, { ...view, available });
      }),
  );

  server.registerTool(
    'set_faults',
    {
      title: 'Switch faults on or off',
      description:
        'Switches on exactly these faults for every request of the session (an empty list switches all off), or, with operationId and/or times, adds them for that operation and its next N requests.',
      inputSchema: {
        session: sessionArg,
        active: z.array(z.string().max(100)).max(100).describe('Fault names, from list_faults.'),
        operationId: operationArg,
        times: timesArg,
      },
    },
    ({ session, ...body }) =>
      guarded(() => {
        const view = setFaults(sessionFor(sessions, session), context.faultCatalog, body);
        return toolResult(`active: ${view.active.join(', ') || 'none'}; ${view.rules.length} rule(s)`, { ...view });
      }),
  );
}
