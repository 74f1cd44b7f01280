import express, { type Request, type Response } from 'express';

/** A token or consent request is a handful of short parameters; anything bigger is not one. */
const LIMIT = '64kb';
const raw = express.raw({ type: () => true, limit: LIMIT });

export type FormBody = { ok: true; search: URLSearchParams } | { ok: false; reason: string };

/**
 * Reads an application/x-www-form-urlencoded body (RFC 6749 §3.2 and the consent form). This router runs
 * before the app's body parser, so it reads its own; a wrong media type, an oversized or unreadable body is
 * a reason, never a thrown error.
 */
export async function readFormBody(req: Request, res: Response): Promise<FormBody> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'application/x-www-form-urlencoded') {
    return { ok: false, reason: `The body must be application/x-www-form-urlencoded (RFC 6749 §3.2), not "${mediaType || 'none'}".` };
  }
  const failure = await new Promise<string | undefined>((resolve) => {
    raw(req, res, (error?: unknown) => {
      if (!error) return resolve(undefined);
      const type = (error as { type?: string }).type;
      resolve(type === 'entity.too.large' ? `The body is larger than ${LIMIT}.` : 'The body could not be read.');
    });
  });
  if (failure) return { ok: false, reason: failure };
  const body: unknown = req.body;
  return { ok: true, search: new URLSearchParams(Buffer.isBuffer(body) ? body.toString('utf8') : '') };
}
