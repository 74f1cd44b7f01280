import { hostnameOf, isLoopbackHost } from '../http/hostAllowList.ts';
import { ToolRefusal } from './toolResult.ts';

/**
 * The base URL a suite run may be sent to, or a refusal: the MCP server must not be a way to send requests
 * anywhere a model is talked into. Allowed: http(s) URLs on a loopback host (127/8, ::1, localhost), and
 * URLs under one of the targets named when the server started (`--conform-target`). No credentials in URLs.
 */
export function checkConformTarget(given: string, named: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ToolRefusal('invalid_target', `Not an absolute URL: ${JSON.stringify(given.slice(0, 200))}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ToolRefusal('invalid_target', `Only http and https targets, not ${url.protocol}.`);
  if (url.username || url.password) throw new ToolRefusal('invalid_target', 'A target URL carries no credentials: give them in `config`.');
  url.search = '';
  url.hash = '';
  const base = url.href.replace(/\/+$/, '');
  if (isLoopbackHost(hostnameOf(url.host) ?? url.hostname)) return base;
  const allowed = named.map((t) => t.replace(/\/+$/, ''));
  if (allowed.some((t) => base === t || base.startsWith(`${t}/`))) return base;
  throw new ToolRefusal(
    'target_not_allowed',
    `The suite runs only against loopback addresses${allowed.length ? ` and ${allowed.join(', ')}` : ''}; ${url.origin} was not named at start (start the MCP server with --conform-target ${url.origin} to allow it).`,
  );
}

/** A target named at start, checked once: an absolute http(s) URL without credentials, query or fragment. */
export function parseConformTarget(text: string): string {
  const url = new URL(text);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new TypeError(`--conform-target takes an http(s) URL without credentials, query or fragment: ${text}`);
  }
  return url.href.replace(/\/+$/, '');
}
