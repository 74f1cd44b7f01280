import { stated, defineCheck } from './Check.ts';
import type { ExchangeInput } from './ExchangeInput.ts';
import { statedResponse } from './statedResponses.ts';

/** A 5xx is never an answer to something the client did: valid or not, the request deserved a 2xx or a 4xx. */
export const noServerError = defineCheck<ExchangeInput>(
  'no-server-error',
  'No request is answered with a 5xx.',
  { MUST: stated('Responses are `application/json`.') },
  ({ exchange }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status < 500) return [];
    return [
      fail('MUST', exchange, `the server answered ${status}`, { expected: 'a 2xx or a 4xx', actual: status, source: statedResponse(exchange.operationId) }),
    ];
  },
);
