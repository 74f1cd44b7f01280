import { describe, expect, it } from 'vitest';
import { checkConformTarget, parseConformTarget } from './conformTarget.ts';
import { ToolRefusal } from './toolResult.ts';

const NAMED = ['https://staging.example.org/api'];

describe('checkConformTarget', () => {
  it.each<[string, string]>([
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['http://localhost:8080/base/?x=1#y', 'http://localhost:8080/base'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['http://app.localhost:5173', 'http://app.localhost:5173'],
    ['https://staging.example.org/api', 'https://staging.example.org/api'],
    ['https://staging.example.org/api/v2', 'https://staging.example.org/api/v2'],
  ])('allows %s as %s', (given, want) => {
    expect(checkConformTarget(given, NAMED)).toBe(want);
  });

  it.each<[string, string, RegExp]>([
    [
      'another host',
      'https://api.example.com',
      /^The suite runs only against loopback addresses and https:\/\/staging\.example\.org\/api; https:\/\/api\.example\.com/,
    ],
    ['a named host outside its path', 'https://staging.example.org/other', /was not named at start/],
    ['a prefix of a named path', 'https://staging.example.org/apix', /was not named at start/],
    ['the named host over http', 'http://staging.example.org/api', /was not named at start/],
    ['a private address', 'http://10.0.0.5:4010', /was not named at start/],
    ['a name that only looks local', 'http://127.0.0.1.example.com', /was not named at start/],
    ['credentials', 'http://user:pw@127.0.0.1:4010', /carries no credentials/],
    ['another scheme', 'ftp://127.0.0.1/', /Only http and https/],
    ['no URL', 'not a url', /Not an absolute URL/],
  ])('refuses %s', (_name, given, message) => {
    expect(() => checkConformTarget(given, NAMED)).toThrow(ToolRefusal);
    expect(() => checkConformTarget(given, NAMED)).toThrow(message);
  });
});

describe('parseConformTarget', () => {
  it.each<[string, string | RegExp]>([
    ['https://staging.example.org/api/', 'https://staging.example.org/api'],
    ['http://10.0.0.5:4010', 'http://10.0.0.5:4010'],
    ['https://u:p@staging.example.org', /without credentials/],
    ['https://staging.example.org/?token=1', /without credentials, query/],
    ['file:///etc', /http\(s\) URL/],
  ])('%s → %s', (given, want) => {
    if (typeof want === 'string') expect(parseConformTarget(given)).toBe(want);
    else expect(() => parseConformTarget(given)).toThrow(want);
  });
});
