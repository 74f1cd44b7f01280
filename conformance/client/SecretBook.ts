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
      // Too short a "secret" would redact ordinary text; such a value protects nothing anyway.
      if (!reveal && value && value.length >= 4) byValue.set(value, envVar);
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
