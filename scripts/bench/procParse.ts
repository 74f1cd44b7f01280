/** Parsers of /proc texts, kept apart from the reads so they can be tested on fixed strings. */

/** VmRSS of a /proc/PID/status text, in bytes (the kernel reports kB); undefined when absent. */
export function parseVmRssBytes(status: string): number | undefined {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/**
 * The socket inodes listening on `port` in a /proc/net/tcp or /proc/net/tcp6 text (state 0A is LISTEN; the
 * local address ends in the port in hexadecimal).
 */
export function listeningInodes(procNetTcp: string, port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const out: string[] = [];
  for (const line of procNetTcp.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const [local, state, inode] = [fields[1], fields[3], fields[9]];
    if (local?.split(':')[1] === hex && state === '0A' && inode !== undefined && inode !== '0') out.push(inode);
  }
  return out;
}
