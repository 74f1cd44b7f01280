import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HttpProblem } from '../problems/HttpProblem.ts';

/**
 * A tool's answer as MCP carries it (2025-06-18 §Tools, "Structured content"): the data as `structuredContent`
 * for a program, and the same as JSON text after a one-line summary, for a model or a client that reads only text.
 */
export function toolResult(summary: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: `${summary}\n${JSON.stringify(data, null, 1)}` }], structuredContent: data };
}

/** A refusal a model can act on: a tool error (`isError`, not a protocol error), with the control's own problem. */
export function toolError(code: string, detail: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${detail}` }], structuredContent: { error: { code, detail } } };
}

/**
 * Runs a tool's body; a refusal of the controls (an HttpProblem: the 4xx a /__mock route would answer) becomes
 * a tool error naming it. Anything else is a fault of ours and propagates (the SDK reports it as a tool error too).
 */
export async function guarded(run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpProblem) return toolError(error.code, error.detail);
    if (error instanceof ToolRefusal) return toolError(error.code, error.message);
    throw error;
  }
}

/** A tool's own refusal of its input (a target not allowed, an unknown operation). */
export class ToolRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ToolRefusal';
  }
}
