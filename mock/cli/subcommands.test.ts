import { describe, expect, it } from 'vitest';
import { mcpUsage } from '../mcp/parseMcpArgs.ts';
import { proxyUsage } from '../proxy/parseProxyArgs.ts';
import { subcommandLine, SUBCOMMANDS, type SubcommandName } from './subcommands.ts';

/** Each subcommand's own --help, for the command it was run as: the table must have one for every name. */
const USAGE: Record<SubcommandName, (line: string) => string> = { proxy: proxyUsage, mcp: mcpUsage };

describe('subcommands', () => {
  it.each<[string | undefined, string]>([
    ['edu-mock', 'edu-mock proxy'],
    ['npm start --', 'npm run proxy --'],
    [undefined, 'npm run proxy --'],
  ])('as %s, proxy is typed %s', (command, want) => {
    expect(subcommandLine('proxy', command)).toBe(want);
  });

  it.each(SUBCOMMANDS.map((s) => [s.name]))("%s's own help names the installed command, and no npm script, from the package", (name) => {
    const help = USAGE[name](subcommandLine(name, 'edu-mock'));
    expect(help).toMatch(new RegExp(`^Usage: edu-mock ${name} `));
    expect(help).not.toMatch(/\bnpm (run|start)\b/);
  });
});
