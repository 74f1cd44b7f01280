import type { Response } from 'express';
import type { OAuthAnswer } from './OAuthAnswer.ts';

/** Writes an authorization-server answer through Express (which adds Content-Length). */
export function sendOAuthAnswer(res: Response, answer: OAuthAnswer): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.send(answer.body);
}
