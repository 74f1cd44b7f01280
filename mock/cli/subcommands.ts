/**
 * The commands `edu-mock` runs besides the mock itself, in one table: the package's bin dispatches on it
 * (mock/bin/edu-mock.ts keys a loader by each name) and `--help` lists it, so neither can forget one.
 * In a clone each is an npm script of the same name.
 */
export const SUBCOMMANDS = [
  {
    name: 'proxy',
    args: '--upstream URL [options]',
    summary: 'a validating proxy in front of an implementation: its answers unchanged, contract violations flagged',
  },
  {
    name: 'mcp',
    args: '[--port N] [--conform-target URL] [options]',
    summary: 'a Model Context Protocol server on stdio for coding agents, with the mock inside it (docs/mcp.md)',
  },
] as const;

export type SubcommandName = (typeof SUBCOMMANDS)[number]['name'];

/** How a user types a subcommand: `edu-mock proxy` from the package, `npm run proxy --` in a clone. */
export function subcommandLine(name: SubcommandName, command: string | undefined): string {
  return command === undefined || command.startsWith('npm ') ? `npm run ${name} --` : `${command} ${name}`;
}

/** The lines of `--help` that list the subcommands, each with how to ask for its own help. */
export function subcommandHelp(command: string | undefined): string[] {
  const lines = SUBCOMMANDS.map((s) => [`${subcommandLine(s.name, command)} ${s.args}`, `${s.summary} (${subcommandLine(s.name, command)} --help)`] as const);
  return ['commands:', ...lines.flatMap(([usage, summary]) => [`  ${usage}`, `      ${summary}`])];
}
