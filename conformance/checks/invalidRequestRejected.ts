import type { Contract } from '../../spec/contract.ts';
import type { Exchange } from '../client/Exchange.ts';
import { decisionFor } from './decisionFor.ts';
import { requestSentence } from './requestSentences.ts';
import { stated, decided, defineCheck } from './Check.ts';

export interface InvalidRequestInput {
  contract: Contract;
  exchange: Exchange;
  /** What is wrong with the request, for the message: "query.active=maybe is not a boolean". */
  violation: string;
  /** Pointer of the spec element the request breaks; SHOULD when that element is x-inferred. */
  rulePointer: string;
}

/** A request that breaks the spec is refused with a 4xx, never accepted (a 5xx fails no-server-error). */
export const invalidRequestRejected = defineCheck<InvalidRequestInput>(
  'invalid-request-rejected',
  'A request that breaks the spec (wrong type, missing required field) is refused with a 4xx.',
  {
    MUST: stated(
      'Query parameters, all optional strings except where noted: `createdAt`, `active` (boolean), `name`, `admins.user`, `season`, `alias` (group identifier), `q` (search text: a group name or identifier).',
    ),
    SHOULD: decided('Errors'),
  },
  ({ contract, exchange, violation, rulePointer }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status >= 400) return [];
    const severity = contract.isInferred(rulePointer) ? 'SHOULD' : 'MUST';
    return [
      fail(severity, exchange, `${violation}, yet the request was answered ${status}`, {
        expected: '4xx',
        actual: status,
        source: severity === 'SHOULD' ? decisionFor(rulePointer) : requestSentence(exchange.operationId),
      }),
    ];
  },
);
