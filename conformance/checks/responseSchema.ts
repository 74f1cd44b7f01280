import { locate } from '../../spec/formatAjvErrors.ts';
import { stated, decided, defineCheck } from './Check.ts';
import { mediaTypeOf, type ExchangeInput } from './ExchangeInput.ts';
import { schemaPointerFor } from './schemaNavigator.ts';
import { decisionFor } from './decisionFor.ts';
import { statedResponse } from './statedResponses.ts';

/**
 * The body (and documented headers) match the spec's schema for the operation and status. A broken rule
 * is SHOULD when the response, or the schema element it breaks, is marked x-inferred.
 */
export const responseSchema = defineCheck<ExchangeInput>(
  'response-schema',
  'The response body matches the schema of the operation and status.',
  { MUST: stated('Responses are `application/json`.'), SHOULD: decided('Errors') },
  ({ contract, exchange }, fail) => {
    const res = exchange.response;
    if (!res || !exchange.operationId || res.status >= 500) return [];
    const mediaType = mediaTypeOf(res.headers['content-type']);
    const probe = contract.validateResponse(exchange.operationId, res.status, res.headers['content-type'], undefined, {});
    const schemaPointer = probe.response?.content[mediaType];
    if (!probe.documented || !probe.response || !schemaPointer) return [];
    const op = contract.operation(exchange.operationId);
    const responseInferred = probe.response.inferred || op.inferred;
    if (mediaType.includes('json') && res.body === undefined) {
      return [
        fail(responseInferred ? 'SHOULD' : 'MUST', exchange, 'the body is not valid JSON', {
          expected: 'a JSON body',
          actual: res.bodyText.slice(0, 200),
          source: responseInferred ? decisionFor(schemaPointer) : statedResponse(exchange.operationId),
        }),
      ];
    }
    const check = contract.validateResponse(exchange.operationId, res.status, res.headers['content-type'], res.body, res.headers);
    return check.errors
      .filter((e) => e.rule !== 'mediaType')
      .map((e) => {
        const header = /^header (.+)$/.exec(e.path)?.[1];
        const elementPointer = header ? (probe.response?.headers[header] ?? schemaPointer) : schemaPointerFor(contract.document, schemaPointer, e.path);
        const severity = responseInferred || contract.isInferred(elementPointer) ? 'SHOULD' : 'MUST';
        const path = header ? `header ${header}` : locate({ in: 'response', path: e.path });
        return fail(severity, exchange, `${path} ${e.message}`, {
          path,
          expected: `${e.rule} per ${elementPointer}`,
          actual: header ? res.headers[header] : valueAt(res.body, e.path),
          source: severity === 'SHOULD' ? decisionFor(elementPointer) : statedResponse(exchange.operationId),
        });
      });
  },
);

function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const raw of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}
