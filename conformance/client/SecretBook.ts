/**
 * The secrets a run knows (tokens, the app secret, the OAuth client secret), each with the environment
 * variable that should carry it. Reports and curl lines show `$CONFORM_TOKEN`, never the value.
 */
export interface SecretBook {
  add(value: string | undefined, envVar: string): void;
  /** Secrets longest first, so a secret that contains another is replaced whole. */
  entries(): Array<{ value: string; envVar: string }>;
  /** Replaces every secret (raw, URL-encoded or base64 of "id:secret") with its `$ENV_VAR` placeholder. */
  redact(text: string): string;
}

export function createSecretBook(initial: Record<string, string | undefined> = {}, options: { reveal?: boolean } = {}): SecretBook {
  const byValue = new Map<string, string>();
  // --show-secrets: values stay in reports and curl lines, so each line runs as it is.
  const reveal = options.reveal === true;
  const book: SecretBook = {
    add(value, envVar) {
      if (!reveal && value !== undefined && isTokenShaped(value)) byValue.set(value, envVar);
    },
    entries() {
      return [...byValue.entries()].map(([value, envVar]) => ({ value, envVar })).sort((a, b) => b.value.length - a.value.length);
    },
    redact(text) {
      let out = text;
      for (const { value, envVar } of book.entries()) {
        for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(form).join(`$${envVar}`);
      }
      return out;
    },
  };
  for (const [envVar, value] of Object.entries(initial)) book.add(value, envVar);
  return book;
}

/**
 * Only a value of token characters counts as a secret (RFC 6750 §2.1 b64token, at least 4 of them): too short
 * a "secret" would redact ordinary text, and one the target chose with quotes, `<` or spaces would turn its
 * redaction into markup or shell syntax. A value outside that shape is shown as it is, escaped like any text.
 */
export function isTokenShaped(value: string): boolean {
  return value.length >= 4 && value.length <= 4096 && /^[A-Za-z0-9\-._~+/]+=*$/.test(value);
}
