import { describe, expect, it } from 'vitest';
import { isTokenShaped } from '../client/SecretBook.ts';
import { terminalSafe } from './terminalSafe.ts';
import { esc } from './toJunitXml.ts';

describe('terminalSafe', () => {
  it.each([
    ['ESC', '\u001b[2J', '\\u001b[2J'],
    ['CR', 'ok\rFAIL', 'ok\\u000dFAIL'],
    ['C1 CSI', '\u009b31m', '\\u009b31m'],
    ['bidi override', '\u202egnp.exe', '\\u202egnp.exe'],
    ['bidi isolate', 'a\u2066b\u2069', 'a\\u2066b\\u2069'],
    ['tab and newline stay', 'a\tb\nc', 'a\tb\nc'],
    ['text stays', 'grüße ✓', 'grüße ✓'],
  ])('%s', (_name, text, shown) => {
    expect(terminalSafe(text)).toBe(shown);
  });
});

describe('JUnit esc drops what XML 1.0 forbids', () => {
  it.each([
    ['\u0000\u0008\u000b\u001f', ''],
    ['a\uFFFEb\uFFFFc', 'abc'],
    ['lone \uD800 surrogate', 'lone  surrogate'],
    ['pair \uD83D\uDE00 kept', 'pair \uD83D\uDE00 kept'],
    ['<&>"\'\t\n', '&lt;&amp;&gt;&quot;&apos;\t\n'],
  ])('%j', (text, out) => {
    expect(esc(text)).toBe(out);
  });
});

describe('isTokenShaped: only token characters count as a secret', () => {
  it.each([
    ['dev-colegio-horizonte-coordenator', true],
    ['sk_763ba26197b8eafe613cfcc16d815cd8', true],
    ['eyJhbGciOi.eyJzdWIi.sig_-', true],
    ['abc', false],
    ['abcd==', true],
    ["x'\\''y", false],
    ['"><img src=x onerror=alert(1)>', false],
    ["'; touch /tmp/pwned; '", false],
    ['a b c d', false],
  ])('%j → %s', (value, shaped) => {
    expect(isTokenShaped(value)).toBe(shaped);
  });
});
