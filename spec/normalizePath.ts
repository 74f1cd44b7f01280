/**
 * Percent-decodes, in a request path, the printable ASCII characters that mean the same encoded or not
 * (RFC 3986 §2.1, §6.2.2.2), so `/v1/%40platform%3Adata%3AUsers%3AgetUpdatedAfter` routes like
 * `/v1/@platform:data:Users:getUpdatedAfter`. `%2F` (a slash inside a segment), `%25`, `%3F` and `%23` stay
 * encoded: decoding them would change the path's structure, or decode twice when a parameter is decoded later.
 * Non-ASCII stays encoded too (it is decoded with its parameter, as UTF-8).
 */
export function normalizePath(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const code = Number.parseInt(hex, 16);
    if (code < 0x20 || code > 0x7e || code === 0x2f || code === 0x25 || code === 0x3f || code === 0x23) return escape.toUpperCase();
    return String.fromCharCode(code);
  });
}
