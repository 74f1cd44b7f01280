/**
 * The Prefer header (RFC 7240) as Prism reads it: `Prefer: code=404, example=notPending`.
 * Unknown preferences are ignored, as RFC 7240 §2 asks.
 */
export interface Preferences {
  code?: number;
  example?: string;
}

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const out: Preferences = {};
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/[,;]/)) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!name || !value) continue;
    if (name === 'code' && /^[1-5]\d\d$/.test(value)) out.code = Number(value);
    if (name === 'example') out.example = value;
  }
  return out;
}
