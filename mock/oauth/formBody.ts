/** A token or consent request is a handful of short parameters; anything bigger is not one. */
export const FORM_LIMIT_BYTES = 64 * 1024;

export type FormBody = { ok: true; search: URLSearchParams } | { ok: false; reason: string };

/** The media type of a Content-Type value, lower-cased; '' when there is none. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** RFC 6749 §3.2 and the consent form: application/x-www-form-urlencoded, nothing else. */
export function notAForm(contentType: string | undefined): FormBody | undefined {
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === 'application/x-www-form-urlencoded') return undefined;
  return { ok: false, reason: `The body must be application/x-www-form-urlencoded (RFC 6749 §3.2), not "${mediaType || 'none'}".` };
}

/**
 * A form body from its bytes, under the rules of readFormBody (the Express side): a wrong media type, an
 * oversized or unreadable body is a reason, never a thrown error.
 */
export function formBodyOf(contentType: string | undefined, bytes: Uint8Array | undefined): FormBody {
  const refused = notAForm(contentType);
  if (refused) return refused;
  if (bytes && bytes.byteLength > FORM_LIMIT_BYTES) return { ok: false, reason: `The body is larger than ${FORM_LIMIT_BYTES / 1024}kb.` };
  return { ok: true, search: new URLSearchParams(bytes ? new TextDecoder().decode(bytes) : '') };
}
