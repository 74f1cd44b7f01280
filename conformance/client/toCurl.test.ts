import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createSecretBook } from './SecretBook.ts';
import { shellWord, toCurl } from './toCurl.ts';

const secrets = createSecretBook({ CONFORM_TOKEN: 'tok/en+1', CONFORM_APP_SECRET: 'sk_app_42', CONFORM_CLIENT_SECRET: 'cs-9999' });

describe('shellWord', () => {
  it.each([
    ['plain text', 'plain text', "'plain text'"],
    ['a single quote', "it's", `'it'\\''s'`],
    ['a secret inside', 'Bearer tok/en+1', `'Bearer '"$CONFORM_TOKEN"`],
    ['a url-encoded secret', 'secret=tok%2Fen%2B1&x=1', `'secret='"$CONFORM_TOKEN"'&x=1'`],
    ['only a secret', 'sk_app_42', '"$CONFORM_APP_SECRET"'],
    ['empty', '', "''"],
  ])('%s', (_name, input, want) => {
    expect(shellWord(input, secrets)).toBe(want);
  });
});

describe('toCurl', () => {
  it('replays a JSON POST with the secret as a variable', () => {
    const line = toCurl(
      { method: 'POST', url: 'http://h/v1/x', headers: { 'content-type': 'application/json', 'content-length': '9' }, body: '{"secret":"sk_app_42"}' },
      secrets,
    );
    expect(line).toBe(`curl -sS -i -X POST 'http://h/v1/x' -H 'content-type: application/json' --data-raw '{"secret":"'"$CONFORM_APP_SECRET"'"}'`);
  });

  it('turns basic credentials into -u with the secret masked', () => {
    const basic = Buffer.from('my-app:cs-9999').toString('base64');
    const line = toCurl({ method: 'POST', url: 'http://h/oauth/token', headers: { authorization: `Basic ${basic}` }, body: 'grant_type=x' }, secrets);
    expect(line).toContain(`-u 'my-app:'"$CONFORM_CLIENT_SECRET"`);
    expect(line).not.toContain(basic);
  });

  it('leaves GET without -X', () => {
    expect(toCurl({ method: 'GET', url: 'http://h/a', headers: { accept: 'application/json' } }, secrets)).toBe(
      `curl -sS -i 'http://h/a' -H 'accept: application/json'`,
    );
  });
});

describe('shellWord with text a target chose', () => {
  const run = (word: string): string => execFileSync('bash', ['-c', `printf %s ${word}`], { encoding: 'utf8' });
  it.each([["'; touch /tmp/never; '"], ['"><img src=x onerror=alert(1)>'], ["a\u001b[2Jb\rc\u009b31m\u202ed\\e'f"], ["$(id) `id` ${HOME} \\' '\\''"]])(
    '%j stays one literal word, printable as pasted',
    (text) => {
      const word = shellWord(text, createSecretBook());
      // eslint-disable-next-line no-control-regex
      expect(word).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(run(word)).toBe(text);
    },
  );
});
