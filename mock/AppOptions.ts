import type { Contract } from '../spec/contract.ts';
import type { Fault } from './faults/Fault.ts';
import type { NodeMount } from './http/mountOnNode.ts';
import type { Durability } from './persist/Durability.ts';

/** How createApp and createMockApi are set up, beyond the deps they are built from. */
export interface AppOptions {
  /** Where the one-line request log and internal errors go; omit for silence (tests). */
  log?: (line: string) => void;
  /** Every switchable fault; deps.faults names the active ones. */
  faultCatalog?: readonly Fault[];
  /** Check every answer against the spec and flag violations (on by default). */
  validateResponses?: boolean;
  /** The URL clients reach the mock at (`--public-url`): the OAuth issuer and every served URL start with it. */
  publicUrl?: string;
  /** Host names accepted besides loopback names, IP literals and the bound address (`--allowed-hosts`). */
  allowedHosts?: readonly string[];
  /** Origins allowed to call the API with credentials (`--cors-origins`); any origin may call it without. */
  corsOrigins?: readonly string[];
  /** Required on every /__mock control when set (`--admin-token`); the server sets one when bound beyond loopback. */
  adminToken?: string;
  /** The address the server listens on (`--host`): requests naming it are its own. */
  boundHost?: string;
  /** Honour X-Forwarded-Proto/-Host (`--trust-proxy`): only behind a proxy that sets them. */
  trustProxy?: boolean;
  /** With --state-file: every answer waits until the writes made so far are durable (mock/persist). */
  durability?: Durability;
  /** `--previous-spec`: the contract before the current one, served beside it by X-Contract-Version (mock/versions). */
  previousContract?: Contract;
  /** The pipeline createMockApi already built from these deps and options (the server's); else one is built. */
  api?: NodeMount;
}
