import { describe, expect, it } from 'vitest';
import { ServerUsageError } from '../cli/parseServerArgs.ts';
import { mcpUsage, parseMcpArgs } from './parseMcpArgs.ts';

const FAULTS = ['ignore-limit'];

describe('parseMcpArgs', () => {
  it.each<[string[], { port: number; seed: number; faults: string[]; targets: string[] }]>([
    [[], { port: 4010, seed: 1, faults: [], targets: [] }],
    [['--port', '0', '--seed', '7'], { port: 0, seed: 7, faults: [], targets: [] }],
    [['--faults', 'ignore-limit', '--conform-target', 'https://a.example/'], { port: 4010, seed: 1, faults: ['ignore-limit'], targets: ['https://a.example'] }],
    [
      ['--conform-target=http://10.0.0.5:8080', '--conform-target', 'https://b.example/x'],
      { port: 4010, seed: 1, faults: [], targets: ['http://10.0.0.5:8080', 'https://b.example/x'] },
    ],
  ])('%j', (argv, want) => {
    const { server, conformTargets } = parseMcpArgs(argv, {}, FAULTS);
    expect({ port: server.port, seed: server.seed, faults: server.faults, targets: conformTargets }).toEqual(want);
  });

  it.each<[string[], RegExp]>([
    [['--state-file', 'x.json'], /--state-file is not an option of the MCP server/],
    [['--dev-state', 'x.json'], /--dev-state is not an option/],
    [['--database-url', 'postgres://x/y'], /--database-url is not an option/],
    [['--conform-target'], /--conform-target takes a URL/],
    [['--conform-target', 'https://u:p@x.example'], /without credentials/],
    [['--faults', 'nope'], /unknown fault "nope"/],
    [['--port', 'x'], /--port must be a port number/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--public-url', 'https://mock.example.com'], /--public-url is not an option of the MCP server \(its options: --conform-target, --port/],
    [['--cors-origins=http://localhost:5173'], /--cors-origins is not an option/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseMcpArgs(argv, {}, FAULTS)).toThrow(ServerUsageError);
    expect(() => parseMcpArgs(argv, {}, FAULTS)).toThrow(message);
  });

  it('--help names the command as it was run and the registration entry', () => {
    expect(mcpUsage('edu-mock mcp')).toMatch(/^Usage: edu-mock mcp /);
    expect(mcpUsage('edu-mock mcp')).toContain('"mcpServers"');
  });
});
