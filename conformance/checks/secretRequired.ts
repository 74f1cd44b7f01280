import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck } from './Check.ts';
import { itemsOf } from './values.ts';

/**
 * The data actions' credential is the app secret in the body: a wrong one is refused and returns no data
 * (MUST: the secret is the stated credential); 401 is our decision (SHOULD).
 */
export const secretRequired = defineCheck<{
  exchange: Exchange;
  /** What the refusal rests on that the suite could not verify (otherApp not installed here): named in a failure. */
  premise?: string;
}>(
  'secret-required',
  'A data action with a wrong secret is refused (401) and returns no data.',
  {
    MUST: stated('The data actions (endpoints 9 and 10) carry the app-specific secret in the body field `secret` instead of a header.'),
    SHOULD: decided('Errors'),
  },
  ({ exchange, premise }, fail) => {
    const res = exchange.response;
    if (!res || res.status >= 500) return [];
    const out = [];
    const unless = premise ? `, ${premise}` : '';
    if (res.status < 400)
      out.push(fail('MUST', exchange, `a wrong secret was answered ${res.status}${unless}`, { expected: 'a 4xx (401)', actual: res.status }));
    else if (res.status !== 401)
      out.push(fail('SHOULD', exchange, `a wrong secret was answered ${res.status}, not 401`, { expected: 401, actual: res.status }));
    const records = itemsOf(res.body).length;
    if (records > 0)
      out.push(
        fail('MUST', exchange, `a wrong secret got ${records} record(s) back${unless}`, { path: 'response.data', expected: 'no records', actual: records }),
      );
    return out;
  },
);
