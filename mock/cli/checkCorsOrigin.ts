/**
 * A `--cors-origins` entry: an origin as a browser sends it in `Origin` (RFC 6454 §7): http or https, a host,
 * an optional port, nothing else (a trailing slash is forgiven). An entry that can never equal an `Origin`
 * header (a path, a missing scheme, `*`) would silently allow nobody. The reason it is not one, else undefined.
 */
export function checkCorsOrigin(value: string): string | undefined {
  const want = 'an origin such as http://localhost:5173 (scheme, host, optional port)';
  // `localhost:5173` parses as a URL of scheme `localhost:`: a missing scheme is the likely slip.
  if (!value.includes('//')) return `--cors-origins takes ${want}, got "${value}" (did you mean http://${value}?)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `--cors-origins takes ${want}, got "${value}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--cors-origins takes ${want}: http or https, got "${value}"`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || /\/\/.*\/./.test(value)) {
    return `--cors-origins takes ${want}, without path, query or credentials; got "${value}" (did you mean ${url.origin}?)`;
  }
  return undefined;
}
