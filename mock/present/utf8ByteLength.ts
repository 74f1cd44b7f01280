// Node's own count where there is one (native, fast on long text); elsewhere (a browser) counted here.
const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer;

/** The bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes, as TextEncoder writes it). */
export const utf8ByteLength: (text: string) => number = nodeBuffer ? (text) => nodeBuffer.byteLength(text, 'utf8') : countUtf8;

export function countUtf8(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: one code point of 4 bytes.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
