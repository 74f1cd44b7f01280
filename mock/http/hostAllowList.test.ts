import { describe, expect, it } from 'vitest';
import { hostnameOf, isAllowedHost, isLoopbackHost } from './hostAllowList.ts';

describe("isAllowedHost (DNS rebinding: only the mock's own names)", () => {
  const policy = { allowedHosts: ['mock.team.example', '.dev.example'], boundHost: 'build-box', publicUrl: 'https://mock.example.com.br' };
  it.each([
    ['localhost:4010', true],
    ['LOCALHOST', true],
    ['127.0.0.1:4010', true],
    ['127.8.9.10', true],
    ['[::1]:4010', true],
    ['app.localhost:4010', true],
    ['192.168.0.12:4010', true],
    ['[fe80::1]:4010', true],
    ['build-box:4010', true],
    ['mock.example.com.br', true],
    ['mock.team.example:4010', true],
    ['dev.example', true],
    ['a.b.dev.example:1', true],
    [undefined, true],
    ['evil.example', false],
    ['evil.example:4010', false],
    ['localhost.evil.example', false],
    ['127.0.0.1.nip.io', false],
    ['mock.team.example.evil.example', false],
    ['notdev.example', false],
    ['', false],
    ['a b', false],
    ['evil.example/<x>', false],
    ['user@localhost', false],
  ])('%s → %s', (host, want) => {
    expect(isAllowedHost(host, policy)).toBe(want);
  });

  it('"all" allows any well-formed host; nothing is allowed by default but loopback and IP literals', () => {
    expect(isAllowedHost('anything.example', { allowedHosts: ['all'] })).toBe(true);
    expect(isAllowedHost('anything.example', {})).toBe(false);
  });
});

describe('hostnameOf and isLoopbackHost', () => {
  it.each([
    ['localhost:4010', 'localhost', true],
    ['[::1]:80', '::1', true],
    ['127.0.0.1', '127.0.0.1', true],
    ['Example.COM.', 'example.com', false],
    ['0.0.0.0:4010', '0.0.0.0', false],
  ])('%s → %s (loopback: %s)', (host, name, loopback) => {
    expect(hostnameOf(host)).toBe(name);
    expect(isLoopbackHost(name)).toBe(loopback);
  });
});
