import type { Response } from 'express';

/** The authorization response leaves by redirect only, and must not be cached (it carries a code). */
export function sendRedirect(res: Response, status: 302 | 303, location: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.redirect(status, location);
}
