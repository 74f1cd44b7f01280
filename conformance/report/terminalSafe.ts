/**
 * Characters a terminal acts on instead of printing: C0 controls but tab and newline (ESC starts an escape
 * sequence, CR rewrites the line), DEL, C1 controls (U+009B is a one-byte CSI), and the bidirectional
 * controls that reorder what is shown (Trojan Source, CVE-2021-42574). Text from the target is shown with
 * each of them as a visible \uXXXX escape instead.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
