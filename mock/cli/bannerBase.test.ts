/** The URL the banner tells a user to open is the one the README names. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseServerArgs } from './parseServerArgs.ts';
import { bannerBase } from './bannerBase.ts';

describe('bannerBase', () => {
  it.each([
    ['the default 127.0.0.1', { address: '127.0.0.1', family: 'IPv4', port: 4010 }, undefined, 'http://localhost:4010'],
    ['every interface', { address: '0.0.0.0', family: 'IPv4', port: 4010 }, undefined, 'http://localhost:4010'],
    ['a LAN address', { address: '192.168.0.7', family: 'IPv4', port: 4010 }, undefined, 'http://192.168.0.7:4010'],
    ['::1', { address: '::1', family: 'IPv6', port: 4010 }, undefined, 'http://[::1]:4010'],
    ['a public URL', { address: '0.0.0.0', family: 'IPv4', port: 4010 }, 'https://mock.example.com.br', 'https://mock.example.com.br'],
  ])('%s', (_name, address, publicUrl, want) => {
    expect(bannerBase(address, publicUrl)).toBe(want);
  });

  it('with the default options is the URL of the README quick start', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const claimed = /npm ci && npm start\s+# the mock on (http:\/\/\S+),/.exec(readme)?.[1];
    const config = parseServerArgs([], {}, []);
    expect(bannerBase({ address: config.host, family: 'IPv4', port: config.port })).toBe(claimed);
  });
});
