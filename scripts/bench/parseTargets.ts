import { DEFAULT_TARGETS, TARGET_NAMES, type TargetName } from './ratios.ts';

/**
 * The targets of `npm run bench -- --targets LIST` (comma separated), in the order given. Without a list, all
 * four; with `--baseline`, `baseline` is added whether listed or not. Throws a message for the command line when
 * a name is unknown, when `baseline` is asked for without a checkout to measure, or when `standalone` is left
 * out: the mock as npm start runs it records the answers the raw server replays, and every ratio is its own.
 */
export function parseTargets(list: string | undefined, hasBaseline: boolean): TargetName[] {
  const names =
    list === undefined
      ? [...DEFAULT_TARGETS]
      : list
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== '');
  const unknown = names.filter((n) => !(TARGET_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`--targets: unknown ${unknown.join(', ')} (known: ${TARGET_NAMES.join(', ')})`);
  const targets = [...new Set(names as TargetName[])];
  if (!targets.includes('standalone'))
    throw new Error('--targets: standalone is always needed (its answers are what raw replays, and every ratio is the mock against the others)');
  if (targets.includes('baseline') && !hasBaseline) throw new Error('--targets: baseline needs --baseline DIR (another checkout of this project)');
  if (hasBaseline && !targets.includes('baseline')) targets.push('baseline');
  return targets;
}
