import type { StepContext } from '../step/StepContext.ts';

/** The spec's answer to a body it cannot read (decided: 415 problem+json), the rule a refusal is judged by. */
export const UNSUPPORTED_MEDIA_TYPE = '#/components/responses/UnsupportedMediaType';

/**
 * "Request bodies are `application/json`": a body cut short is not JSON, and a well-formed one labelled
 * text/plain is not application/json; both are garbage to refuse. What a refusal looks like is not shown (an
 * error behaviour), so a 2xx is a SHOULD. `asText` is a body the target would accept as JSON, so a server that
 * reads any media type as JSON is told apart from one that refuses; leave it out when there is none to send.
 */
export async function probeNotJson(
  s: StepContext,
  request: { operationId: string; path?: Record<string, string> },
  cutShort: string,
  asText?: unknown,
): Promise<void> {
  await s.send({ ...request, text: cutShort, expect: { invalid: 'the body is not JSON', rule: UNSUPPORTED_MEDIA_TYPE } });
  if (asText === undefined) return;
  await s.send({
    ...request,
    headers: { 'content-type': 'text/plain' },
    json: asText,
    expect: { invalid: 'the body is sent as text/plain, not application/json', rule: UNSUPPORTED_MEDIA_TYPE },
  });
}
