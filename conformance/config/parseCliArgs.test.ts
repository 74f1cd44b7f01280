import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './parseCliArgs.ts';
import { UsageError } from './UsageError.ts';

describe('parseCliArgs', () => {
  it.each([
    ['no flags', [], { readOnly: false, strict: false, help: false }],
    [
      'every value flag',
      [
        '--base-url',
        'http://h',
        '--config',
        'c.json',
        '--token',
        't',
        '--community',
        'c',
        '--app-id',
        'a',
        '--app-secret',
        's',
        '--user-token',
        'u',
        '--junit',
        'j.xml',
        '--json',
        'r.json',
      ],
      { baseUrl: 'http://h', configFile: 'c.json', token: 't', community: 'c', appId: 'a', appSecret: 's', userToken: 'u', junit: 'j.xml', json: 'r.json' },
    ],
    ['booleans', ['--read-only', '--strict'], { readOnly: true, strict: true }],
    ['--only', ['--only', 'data-actions, groups'], { only: ['data-actions', 'groups'] }],
    ['--seed', ['--seed', '42'], { seed: 42 }],
    ['--seed=0', ['--seed=0'], { seed: 0 }],
    ['-h', ['-h'], { help: true }],
    [
      'the report flags',
      ['--html', 'r.html', '--profile', 'read-only', '--waivers', 'w.json', '--min-coverage', '87.5'],
      { html: 'r.html', profile: 'read-only', waivers: 'w.json', minCoverage: 87.5 },
    ],
    ['--min-coverage with a percent sign', ['--min-coverage', '90%'], { minCoverage: 90 }],
    [
      '--header, repeatable',
      ['--header', 'X-Mock-Session: w1', '--header', 'x-api-key:abc: def'],
      { headers: { 'X-Mock-Session': 'w1', 'x-api-key': 'abc: def' } },
    ],
    ['the same --header twice keeps the last', ['--header', 'X-A: 1', '--header', 'x-a: 2'], { headers: { 'x-a': '2' } }],
    ['--show-secrets and --save-token', ['--show-secrets', '--save-token', 'tok.txt'], { showSecrets: true, saveToken: 'tok.txt' }],
    ['--generate N', ['--generate', '40'], { generate: 40 }],
    ['--no-generate', ['--no-generate'], { generate: false }],
    ['--timeout and --request-timeout apart', ['--timeout', '600', '--request-timeout', '2.5'], { timeoutSeconds: 600, requestTimeoutSeconds: 2.5 }],
    ['--replay-case with its seed', ['--replay-case', 'listGroups/c12', '--seed', '5'], { replayCase: 'listGroups/c12', seed: 5 }],
  ])('%s', (_name, argv, want) => {
    expect(parseCliArgs(argv)).toMatchObject(want);
  });

  it.each([
    ['an unknown flag', ['--bogus'], /bogus/],
    ['a positional argument', ['http://h'], /positional/i],
    ['an unknown area', ['--only', 'groups,widgets'], /--only takes auth, groups/],
    ['an empty --only', ['--only', ','], /--only takes/],
    ['a negative seed', ['--seed', '-1'], /--seed/],
    ['a seed that is not a number', ['--seed', 'abc'], /--seed must be a whole number/],
    ['a flag without its value', ['--token'], /token/],
    ['a coverage over 100', ['--min-coverage', '101'], /--min-coverage takes a percent from 0 to 100, got "101"/],
    ['a coverage that is not a number', ['--min-coverage', 'most'], /--min-coverage takes a percent/],
    ['a header without a colon', ['--header', 'X-Mock-Session'], /Name: value/],
    ['a header with a bad name', ['--header', 'X Session: 1'], /valid header name/],
    ['a --request-timeout of 0', ['--request-timeout', '0'], /--request-timeout takes a number of seconds above 0/],
    ['a --request-timeout that is not a number', ['--request-timeout', '30s'], /--request-timeout takes a number of seconds/],
    ['--generate that is not a number', ['--generate', 'lots'], /--generate takes a number of cases/],
    ['--no-generate with --generate', ['--no-generate', '--generate', '5'], /--no-generate cannot go with/],
    ['--replay-case without --seed', ['--replay-case', 'listGroups/c12'], /needs the --seed/],
    ['--replay-case that is no case id', ['--replay-case', '../x', '--seed', '1'], /takes a case id/],
  ])('refuses %s', (_name, argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
