import express, { type Request, type Response } from 'express';
import { FORM_LIMIT_BYTES, type FormBody, formBodyOf, notAForm } from './formBody.ts';

export type { FormBody } from './formBody.ts';

const raw = express.raw({ type: () => true, limit: FORM_LIMIT_BYTES });

/**
 * Reads an application/x-www-form-urlencoded body (RFC 6749 §3.2 and the consent form) through Express. This
 * router runs before the app's body parser, so it reads its own; the media type is checked before reading,
 * and the rest is formBodyOf's, as the Fetch handler has it.
 */
export async function readFormBody(req: Request, res: Response): Promise<FormBody> {
  const refused = notAForm(req.headers['content-type']);
  if (refused) return refused;
  const failure = await new Promise<string | undefined>((resolve) => {
    raw(req, res, (error?: unknown) => {
      if (!error) return resolve(undefined);
      const type = (error as { type?: string }).type;
      resolve(type === 'entity.too.large' ? `The body is larger than ${FORM_LIMIT_BYTES / 1024}kb.` : 'The body could not be read.');
    });
  });
  if (failure) return { ok: false, reason: failure };
  const body: unknown = req.body;
  return formBodyOf(req.headers['content-type'], Buffer.isBuffer(body) ? body : undefined);
}
