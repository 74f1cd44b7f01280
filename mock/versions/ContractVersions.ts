import type { Contract } from '../../spec/contract.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';

/**
 * The request header that picks the contract a request is answered by, when the mock serves a previous one
 * beside the current (`--previous-spec`); the answer carries it back, naming the version that answered.
 */
export const CONTRACT_VERSION_HEADER = 'x-contract-version';

export type ContractVersion = 'current' | 'previous';

/** The two contracts one mock serves on the same data: the current one (its handlers') and the one before it. */
export interface ContractVersions {
  current: Contract;
  /** Absent when the mock serves one contract: a request asking for `previous` is then refused. */
  previous?: Contract;
}

/**
 * The version a request asks for: `current` when it names none (a client that never heard of versions keeps
 * working), else the one it names. Any other value is refused, not guessed: a frontend that misspells
 * `previous` must not silently migrate.
 */
export function chooseVersion(headers: Readonly<Record<string, string | string[] | undefined>>): ContractVersion | HttpProblem {
  const raw = headers[CONTRACT_VERSION_HEADER];
  if (raw === undefined) return 'current';
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim().toLowerCase();
  if (value === 'current' || value === 'previous') return value;
  return new HttpProblem('unknown_contract_version', 'X-Contract-Version takes "previous" or "current".', {
    errors: [{ in: 'header', path: 'X-Contract-Version', rule: 'enum', message: `must be "previous" or "current", got ${JSON.stringify(value.slice(0, 40))}` }],
  });
}
