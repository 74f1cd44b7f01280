/** The mock's body limit: a sync upload of a whole school fits; anything larger is a 413 (body-parser's spelling). */
export const BODY_LIMIT = '50mb';
/** An error as body-parser raises it (`type`, `status`), so problemFromError answers every mount's alike. */
export function bodyParserError(message: string, type: string, status: number): Error {
  return Object.assign(new Error(message), { type, status });
}

/** The same in bytes, for a mount that reads bodies itself (the Fetch handler). */
export const BODY_LIMIT_BYTES = 50 * 1024 * 1024;
