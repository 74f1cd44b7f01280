import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck, type Severity } from './Check.ts';
import { isSuccess } from './ExchangeInput.ts';
import { statedResponse } from './statedResponses.ts';

export interface ValidRequestInput {
  exchange: Exchange;
  /** MUST unless what makes the request valid is our own decision (e.g. page=2). */
  severity?: Severity;
}

/** Every request the suite considers valid gets a 2xx (a 5xx also fails no-server-error). */
export const validRequestAccepted = defineCheck<ValidRequestInput>(
  'valid-request-accepted',
  'A request that follows the spec gets a 2xx.',
  { MUST: stated('Responses are `application/json`.'), SHOULD: decided('Groups: filters, paging and sort') },
  ({ exchange, severity }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || isSuccess(status)) return [];
    return [
      fail(severity ?? 'MUST', exchange, `a valid request was answered ${status}`, {
        expected: '2xx',
        actual: status,
        ...((severity ?? 'MUST') === 'MUST' ? { source: statedResponse(exchange.operationId) } : {}),
      }),
    ];
  },
);
