import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ConformanceOptions } from '../api/ConformanceOptions.ts';
import { CLI_OPTIONS, optionsMarkdown } from './cliOptions.ts';
import { parseCliArgs, USAGE } from './parseCliArgs.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

// Each API name of the table is an option of runConformance: a name that is not fails the type check.
const API_NAMES: ReadonlyArray<keyof ConformanceOptions> = [
  'baseUrl',
  'configFile',
  'areas',
  'readOnly',
  'strict',
  'seed',
  'profile',
  'operations',
  'waivers',
  'minCoverage',
  'timeout',
  'requestTimeout',
  'headers',
  'showSecrets',
  'replay',
  'generate',
  'replayCase',
];

describe('the options, declared once (conformance/config/cliOptions.ts)', () => {
  it("conformance/README.md holds the table's options list as generated", () => {
    const generated = /<!-- options:start -->\n([\s\S]*?)\n<!-- options:end -->/.exec(readme)?.[1];
    expect(generated, 'the README list between the options markers').toBe(optionsMarkdown());
  });

  it('names no flag in the README that the table lacks', () => {
    const named = new Set([...readme.matchAll(/`(--[a-z][a-z-]*)/g)].map((m) => m[1] as string));
    const known = new Set(CLI_OPTIONS.map((o) => `--${o.flag}`));
    expect([...named].filter((flag) => !known.has(flag))).toEqual([]);
  });

  it('--help shows every option of the table, and the parser takes each', () => {
    for (const option of CLI_OPTIONS) {
      expect(USAGE).toContain(`--${option.flag}`);
      if (option.custom || option.flag === 'help' || option.flag === 'version') continue;
      const args =
        option.type === 'boolean' ? [`--${option.flag}`] : [`--${option.flag}`, 'v', ...(option.flag === 'recorded-config' ? ['--replay', 'x.har'] : [])];
      expect(Object.values(parseCliArgs(args))).toContain(option.type === 'boolean' ? true : 'v');
    }
  });

  it.each([
    ['listGroups,getGroup', ['listGroups', 'getGroup']],
    [' listGroups , listGroups ', ['listGroups']],
  ])('--operations %j is the list %j', (text, list) => {
    expect(parseCliArgs(['--operations', text]).operations).toEqual(list);
  });

  it.each(['', ',', 'list groups', '../x', 'a'.repeat(101)])('--operations %j is a usage error', (text) => {
    expect(() => parseCliArgs(['--operations', text])).toThrow(/--operations takes comma-separated operationIds/);
  });

  it('gives each API name of the table to runConformance', () => {
    const api = new Set(CLI_OPTIONS.flatMap((o) => (o.api ? [o.api] : [])));
    expect([...api].sort()).toEqual([...API_NAMES].sort());
  });
});
