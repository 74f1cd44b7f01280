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

// Characters a terminal or a shell would act on inside quotes: C0 controls, DEL, C1, bidi controls.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Single quotes keep everything literal; text with an unprintable character goes in bash's $'…' quoting
 * instead, each such character (and backslash and quote) written as an escape, so the pasted line is plain ASCII-visible
 * text that means exactly the original.
 */
function singleQuote(text: string): string {
  if (text.search(UNPRINTABLE) === -1) return `'${text.replace(/'/g, `'\\''`)}'`;
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `$'${escaped}'`;
}

function decodeBasic(encoded: string): string | undefined {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return decoded.includes(':') ? decoded : undefined;
}
