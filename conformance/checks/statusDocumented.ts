import { stated, decided, defineCheck } from './Check.ts';
import { decisionFor } from './decisionFor.ts';
import { isSuccess, type ExchangeInput } from './ExchangeInput.ts';
import { statedResponse } from './statedResponses.ts';

/**
 * The status is one the spec documents for the operation. The description states the success answers of
 * most operations, so an unknown 2xx is a MUST (SHOULD where the success answer itself is our decision, as
 * for the upload); it states no error status at all, so an unknown 4xx is a SHOULD. 5xx: see no-server-error.
 */
export const statusDocumented = defineCheck<ExchangeInput>(
  'status-documented',
  'The response status is documented for the operation.',
  { MUST: stated('Responses are `application/json`.'), SHOULD: decided('Errors') },
  ({ contract, exchange }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status >= 500 || !exchange.operationId) return [];
    const op = contract.operation(exchange.operationId);
    const check = contract.validateResponse(exchange.operationId, status, undefined, undefined);
    if (check.documented) return [];
    const documented = Object.keys(op.responses);
    const successes = Object.values(op.responses).filter((r) => r.status.startsWith('2'));
    const successInferred = op.inferred || (successes.length > 0 && successes.every((r) => r.inferred));
    const severity = isSuccess(status) && !successInferred ? 'MUST' : 'SHOULD';
    return [
      fail(severity, exchange, `status ${status} is not documented for ${exchange.operationId}`, {
        expected: documented.join(', '),
        actual: status,
        source:
          severity === 'MUST'
            ? statedResponse(exchange.operationId)
            : decisionFor(`#/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method.toLowerCase()}`),
      }),
    ];
  },
);
