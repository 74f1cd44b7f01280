/** A state file that cannot be used: the message names the file and, for corruption, where (line, byte). */
export class StateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateFileError';
  }
}

/** Line and column (1-based) and byte offset of a character position in a text, for error messages. */
export function locate(text: string, position: number): { line: number; column: number; byte: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return { line, column, byte: Buffer.byteLength(before) };
}
