import type { Fault } from '../faults/Fault.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';

/** What the MCP tools act on: the mock's own sessions (the same objects the /__mock routes act on), in this process. */
export interface McpContext {
  sessions: SessionRegistry<Session>;
  faultCatalog: readonly Fault[];
  /**
   * Where the mock answers HTTP (`http://127.0.0.1:4010`), for the tools that send it requests and the
   * suite's default target; undefined when not known (the tools that need it then say so).
   */
  baseUrl(): string | undefined;
  /** Origins besides loopback the suite may be run against (`--conform-target`): nothing else is ever contacted. */
  conformTargets: readonly string[];
  /** The admin token the mock's controls need (sent by the tools that call the mock over HTTP). */
  adminToken?: string;
}
