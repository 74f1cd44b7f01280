import { UsageError } from '../config/UsageError.ts';

/** One exchange of a HAR 1.2 log, reduced to what a replay needs; bodies as text (base64 decoded). */
export interface HarExchange {
  /** 0-based position in the file's `log.entries`. */
  index: number;
  startedDateTime: string;
  method: string;
  url: string;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  requestBody?: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody?: string;
  /** HAR resource type when the recorder gave one (Chromium's `_resourceType`: document, script, fetch…). */
  resourceType?: string;
  /** The Arazzo step this exchange was read from (`--replay FILE.arazzo.yaml`): the replay's step titles name it. */
  stepId?: string;
}

/** A JSON object (the HAR room sits below conformance/checks/, whose values helpers it cannot import). */
type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A HAR is whatever a browser or a server wrote: bounded here, as everything a target sends. */
export const HAR_LIMITS = { bytes: 64 * 1024 * 1024, entries: 10_000 } as const;

/**
 * Reads a HAR 1.2 log (ours from GET /__mock/journal/har, Chromium DevTools' "Save all as HAR", Playwright's
 * recordHar). Throws a UsageError naming what is wrong, so a bad file stops the run before any request.
 */
export function readHar(text: string, file: string): HarExchange[] {
  if (text.length > HAR_LIMITS.bytes) throw new UsageError(`${file}: the HAR is larger than ${HAR_LIMITS.bytes} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not a HAR file (not JSON: ${(error as Error).message})`);
  }
  const entries = isRecord(raw) && isRecord(raw.log) ? raw.log.entries : undefined;
  if (!Array.isArray(entries)) throw new UsageError(`${file} is not a HAR file: it has no log.entries list`);
  if (entries.length > HAR_LIMITS.entries) throw new UsageError(`${file}: more than ${HAR_LIMITS.entries} entries`);
  const out: HarExchange[] = [];
  entries.forEach((entry: unknown, index) => {
    const request = isRecord(entry) && isRecord(entry.request) ? entry.request : undefined;
    const response = isRecord(entry) && isRecord(entry.response) ? entry.response : undefined;
    if (!request || !response || typeof request.method !== 'string' || typeof request.url !== 'string') {
      throw new UsageError(`${file}: log.entries[${index}] has no request method and url`);
    }
    const postData = isRecord(request.postData) ? request.postData : undefined;
    const content = isRecord(response.content) ? response.content : undefined;
    const responseBody = content ? contentText(content) : undefined;
    out.push({
      index,
      startedDateTime: isRecord(entry) && typeof entry.startedDateTime === 'string' ? entry.startedDateTime : '',
      method: request.method.toUpperCase(),
      url: request.url,
      headers: headerMap(request.headers),
      ...(typeof postData?.text === 'string' ? { requestBody: postData.text } : {}),
      status: typeof response.status === 'number' ? response.status : 0,
      responseHeaders: headerMap(response.headers),
      ...(responseBody !== undefined ? { responseBody } : {}),
      ...(isRecord(entry) && typeof entry._resourceType === 'string' ? { resourceType: entry._resourceType } : {}),
    });
  });
  // Recorders write entries as requests finish; a replay follows the order the frontend sent them.
  return out.sort((a, b) => (a.startedDateTime < b.startedDateTime ? -1 : a.startedDateTime > b.startedDateTime ? 1 : a.index - b.index));
}

function contentText(content: Json): string | undefined {
  if (typeof content.text !== 'string') return undefined;
  return content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
}

function headerMap(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const pair of list) {
    if (isRecord(pair) && typeof pair.name === 'string' && typeof pair.value === 'string') out[pair.name.toLowerCase()] = pair.value;
  }
  return out;
}
