import type { ConformConfig, ValueOrigin } from '../config/ConformConfig.ts';
import { ENV } from '../config/env.ts';

/** A variable the reproducers name, with where its value came from and a shell expression that gives it. */
export interface ReplayVariable {
  name: string;
  /** "config key \"token\" of /path/conform.json", "environment", "flag --token", "the suite's OAuth login". */
  origin: string;
  /** What to assign: `"$(node -p …)"`, `"$(cat FILE)"`, or `"${VAR:?…}"` (already set, or stops with why). */
  shell: string;
}

/** The environment variable reproducers use for an extra header's secret value. */
export function headerVariable(name: string): string {
  return `CONFORM_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** Header names whose values are credentials: they are replaced by a variable like the other secrets. */
export function isSecretHeader(name: string): boolean {
  return /authorization|cookie|key|token|secret|signature|password/i.test(name);
}

const q = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function fromOrigin(name: string, origin: ValueOrigin | undefined, jsPath: string): ReplayVariable {
  if (origin?.from === 'config') {
    return { name, origin: `config key "${origin.name}" of ${origin.file}`, shell: `"$(node -p ${q(`require(process.argv[1])${jsPath}`)} ${q(origin.file)})"` };
  }
  if (origin?.from === 'flag') return { name, origin: `flag ${origin.name}`, shell: `"\${${name}:?set it to the value given to ${origin.name}}"` };
  return { name, origin: 'environment', shell: `"\${${name}:?set it as for the run}"` };
}

/**
 * Every secret variable a run may print in a reproducer, with the one shell assignment that sets it.
 * A user token from the suite's own login comes from the file --save-token wrote, when it did.
 */
export function replayVariables(config: ConformConfig, options: { loggedIn: boolean; saveToken?: string }): ReplayVariable[] {
  const origins = config.origins ?? {};
  const out: ReplayVariable[] = [];
  if (config.token) out.push(fromOrigin(ENV.token, origins.token ?? { from: 'env', name: ENV.token }, '.token'));
  if (config.appSecret) out.push(fromOrigin(ENV.appSecret, origins.appSecret, '.appSecret'));
  if (config.oauth?.clientSecret) out.push(fromOrigin(ENV.clientSecret, origins['oauth.clientSecret'], '.oauth.clientSecret'));
  if (config.userToken) out.push(fromOrigin(ENV.userToken, origins.userToken, '.userToken'));
  else if (options.loggedIn) {
    out.push(
      options.saveToken
        ? { name: ENV.userToken, origin: `the suite's OAuth login, saved by --save-token to ${options.saveToken}`, shell: `"$(cat ${q(options.saveToken)})"` }
        : {
            name: ENV.userToken,
            origin: "the suite's OAuth login (rerun with --save-token FILE to keep it)",
            shell: `"\${${ENV.userToken}:?rerun the suite with --save-token FILE, then use \\$(cat FILE)}"`,
          },
    );
  }
  for (const name of Object.keys(config.headers ?? {}).filter(isSecretHeader)) {
    out.push(fromOrigin(headerVariable(name), origins[`headers.${name.toLowerCase()}`], `.headers[${JSON.stringify(name)}]`));
  }
  return out;
}

/** The one line to paste before any reproducer: `export A=… B=…  # A: origin; B: origin`. */
export function setupLine(variables: readonly ReplayVariable[]): string {
  if (variables.length === 0) return '';
  return `export ${variables.map((v) => `${v.name}=${v.shell}`).join(' ')}  # ${variables.map((v) => `${v.name}: ${v.origin}`).join('; ')}`;
}
