import { styleText } from 'node:util';

export type Paint = (style: 'red' | 'yellow' | 'green' | 'gray' | 'bold' | 'cyan', text: string) => string;

/**
 * Colours on a terminal only: FORCE_COLOR (not "0") forces them, NO_COLOR (any non-empty value,
 * no-color.org) turns them off, otherwise a TTY that is not "dumb" gets them.
 */
export function shouldColor(env: Record<string, string | undefined>, isTTY: boolean | undefined): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY === true && env.TERM !== 'dumb';
}

export function painter(enabled: boolean): Paint {
  // The caller decided (TTY, NO_COLOR, FORCE_COLOR): styleText must not second-guess it from process.stdout.
  return enabled ? (style, text) => styleText(style, text, { validateStream: false }) : (_style, text) => text;
}
