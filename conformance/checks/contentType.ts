import { stated, decided, defineCheck } from './Check.ts';
import { isSuccess, mediaTypeOf, type ExchangeInput } from './ExchangeInput.ts';

/**
 * The response's media type is the documented one. "Responses are application/json" is stated, so a
 * success answer that is not JSON is a MUST; the error media type (problem+json) is our decision (SHOULD),
 * and an error answered as plain application/json follows the description, so it is never warned about.
 */
export const contentType = defineCheck<ExchangeInput>(
  'content-type',
  'The response has the documented content type.',
  { MUST: stated('Responses are `application/json`.'), SHOULD: decided('Errors') },
  ({ contract, exchange }, fail) => {
    const res = exchange.response;
    if (!res || !exchange.operationId || res.status >= 500) return [];
    const check = contract.validateResponse(exchange.operationId, res.status, undefined, undefined);
    const types = Object.keys(check.response?.content ?? {});
    if (!check.documented || types.length === 0) return [];
    const actual = mediaTypeOf(res.headers['content-type']);
    if (types.includes(actual)) return [];
    // "Responses are application/json" (stated) covers every answer, errors included: never a warning.
    if (actual === 'application/json' && types.some((t) => t.includes('json'))) return [];
    const op = contract.operation(exchange.operationId);
    const statedJson = isSuccess(res.status) && types.some((t) => t.includes('json')) && !op.inferred;
    const severity = statedJson && !/^application\/([\w.+-]+\+)?json$/.test(actual) ? 'MUST' : check.response?.inferred || op.inferred ? 'SHOULD' : 'MUST';
    return [fail(severity, exchange, `content type is "${actual || 'none'}"`, { expected: types.join(' or '), actual: res.headers['content-type'] ?? null })];
  },
);
