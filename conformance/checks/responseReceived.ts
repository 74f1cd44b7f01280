import { stated, defineCheck } from './Check.ts';
import type { ExchangeInput } from './ExchangeInput.ts';

/** A request the implementation never answered (refused, reset, timed out) tells nothing else. */
export const responseReceived = defineCheck<ExchangeInput>(
  'response-received',
  'Every request gets an HTTP response.',
  { MUST: stated('Responses are `application/json`.') },
  ({ exchange }, fail) =>
    exchange.error ? [fail('MUST', exchange, `no HTTP response: ${exchange.error}`, { expected: 'an HTTP response', actual: exchange.error })] : [],
);
