import { terminalSafe } from '../terminalSafe.ts';

const ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/** The most characters of one value the target chose (a message, a title, an expected or actual value). */
export const MAX_VALUE_CHARS = 300;

/**
 * Text the target chose, made inert for markdown on one line: controls shown as escapes, line breaks folded,
 * cut to a length, and every ASCII punctuation character backslash-escaped (CommonMark 0.31 §2.4: any of them
 * may be, and is then literal), so no link, image, HTML tag, emphasis, table cell or heading can be made of it.
 * `@` is escaped too, so a name in a pull-request comment does not notify anyone.
 */
export function markdownText(text: string, max = MAX_VALUE_CHARS): string {
  const line = terminalSafe(text).replace(/\s+/g, ' ').trim();
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  // `<`, `>` and `&` as entities (§2.5): literal text in any renderer, even one that ignores backslash escapes.
  return cut.replace(/[!-/:-@[-`{-~]/g, (c) => ENTITY[c] ?? `\\${c}`);
}

/**
 * A fenced code block (CommonMark §4.5) holding `text` literally: its fence is one backtick longer than the
 * longest run of backticks inside, so nothing in the text can close it. Each line is cut to a length.
 */
export function markdownCode(text: string, language = '', maxLine = 2_000): string {
  const lines = terminalSafe(text)
    .split(/\r?\n/)
    .map((l) => (l.length > maxLine ? `${l.slice(0, maxLine - 1)}…` : l));
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${lines.join('\n')}\n${fence}`;
}
