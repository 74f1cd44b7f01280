import type { ChildProcess } from 'node:child_process';

/** The URL in a server's banner (`listening on http://…`), with `localhost` as 127.0.0.1; undefined before it. */
export function listeningUrl(output: string): string | undefined {
  return /listening on (https?:\/\/\S+)/.exec(output)?.[1]?.replace('localhost', '127.0.0.1');
}

export interface WaitOptions {
  /** Filled with everything the server printed so far, for tests that read the banner's other lines. */
  banner?: { text: string };
  /** Wait this long after the banner's first line, for its later lines (default 0). */
  settleMs?: number;
  /** The banner's line with the URL in its first group, for a server that words it otherwise (the proxy). */
  pattern?: RegExp;
}

/**
 * The one way a test waits for a spawned server (mock/server.ts, scripts/start.mjs): resolves with its URL once
 * the banner is printed, rejects with what it printed if it exits first. Reads stdout with a listener, never
 * ending the stream early: the server still writes to it.
 */
export function waitForListening(child: ChildProcess, options: WaitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let done = false;
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (options.banner) options.banner.text = out;
      const url = options.pattern ? options.pattern.exec(out)?.[1] : listeningUrl(out);
      if (url === undefined || done) return;
      done = true;
      if (options.settleMs) setTimeout(() => resolve(url), options.settleMs);
      else resolve(url);
    });
    child.once('exit', (code) => {
      if (!done) reject(new Error(`the server exited (${code}) before listening: ${out}${err}`));
    });
  });
}
