import type { RecordedRequest } from './Exchange.ts';
import type { SecretBook } from './SecretBook.ts';

/** Headers curl or fetch sets by itself; repeating them only adds noise to the reproducer. */
const IMPLICIT = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'user-agent']);

/**
 * A curl command that replays the request. Secrets become `$ENV_VAR` references inside double quotes, so
 * the line can be pasted into a shell that has the variables set and never prints a secret.
 */
export function toCurl(request: RecordedRequest, secrets: SecretBook): string {
  const parts = ['curl', '-sS', '-i'];
  if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  parts.push(shellWord(request.url, secrets));
  for (const [name, value] of Object.entries(request.headers)) {
    if (IMPLICIT.has(name)) continue;
    const basic = /^basic\s+(\S+)$/i.exec(value);
    const credentials = basic ? decodeBasic(basic[1] as string) : undefined;
    if (name === 'authorization' && credentials !== undefined) {
      parts.push('-u', shellWord(credentials, secrets));
      continue;
    }
    parts.push('-H', shellWord(`${name}: ${value}`, secrets));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellWord(request.body, secrets));
  return parts.join(' ');
}

/** Quotes one shell word: literal runs in single quotes, secrets as "$VAR", concatenated without spaces. */
export function shellWord(text: string, secrets: SecretBook): string {
  const pieces: Array<{ literal: string } | { envVar: string }> = [{ literal: text }];
  for (const { value, envVar } of secrets.entries()) {
    for (const form of new Set([value, encodeURIComponent(value)])) {
      for (let i = 0; i < pieces.length; i++) {
        const piece = pieces[i] as { literal?: string };
        if (piece.literal === undefined || !piece.literal.includes(form)) continue;
        const split = piece.literal.split(form);
        const replaced: typeof pieces = [];
        split.forEach((literal, index) => {
          if (index > 0) replaced.push({ envVar });
          if (literal) replaced.push({ literal });
        });
        pieces.splice(i, 1, ...replaced);
        i += replaced.length - 1;
      }
    }
  }
  if (pieces.length === 0) return "''";
  return pieces.map((p) => ('envVar' in p ? `"$${p.envVar}"` : singleQuote(p.literal))).join('');
}

function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function decodeBasic(encoded: string): string | undefined {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return decoded.includes(':') ? decoded : undefined;
}
