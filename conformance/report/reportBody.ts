import type { RecordedResponse } from '../client/Exchange.ts';
import { KEPT_BODY_CHARS, keptSlice } from '../client/readCappedBody.ts';

/** A response body as a report shows it: the parsed JSON when it is small, else a bounded slice of its text. */
export function reportBody(res: RecordedResponse): unknown {
  if (res.body === undefined) return res.bodyText;
  const text = JSON.stringify(res.body);
  return text.length <= KEPT_BODY_CHARS ? res.body : keptSlice(text);
}
