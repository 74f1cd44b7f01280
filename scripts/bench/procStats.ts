import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { listeningInodes, parseVmRssBytes } from './procParse.ts';

/** Clock ticks per second of /proc/PID/stat's utime and stime (USER_HZ, nearly always 100). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface ProcEntry {
  pid: number;
  ppid: number;
  /** utime + stime of the process itself (not of its waited-for children), in µs. */
  cpuUs: number;
  rssBytes: number;
}

function readProc(pid: number): ProcEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const cpuUs = ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
    const rssBytes = Number(fields[21]) * 4096;
    return { pid, ppid, cpuUs, rssBytes };
  } catch {
    return undefined;
  }
}

/**
 * The process and all its descendants (npm → tsx → node: the server is a grandchild): their summed CPU time
 * and the RSS of the largest one, which is the server itself.
 */
export function treeStats(root: number): { cpuUs: number; rssBytes: number; pids: number[] } {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is ProcEntry => p !== undefined);
  const children = new Map<number, ProcEntry[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const tree: ProcEntry[] = [];
  const rootEntry = all.find((p) => p.pid === root);
  const queue = rootEntry ? [rootEntry] : [];
  while (queue.length > 0) {
    const p = queue.shift() as ProcEntry;
    tree.push(p);
    queue.push(...(children.get(p.pid) ?? []));
  }
  return { cpuUs: tree.reduce((s, p) => s + p.cpuUs, 0), rssBytes: Math.max(0, ...tree.map((p) => p.rssBytes)), pids: tree.map((p) => p.pid) };
}

/** VmRSS of one process (/proc/PID/status), bytes; undefined when it is gone. */
export function vmRssBytes(pid: number): number | undefined {
  try {
    return parseVmRssBytes(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Which process of the tree under `root` holds the socket listening on `port` (npm → tsx → node: the one
 * that answers), found by matching /proc/net/tcp{,6}'s listening inodes against each process's open sockets.
 */
export function listeningPid(root: number, port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const inode of listeningInodes(readFileSync(table, 'utf8'), port)) inodes.add(inode);
    } catch {
      // no IPv6 table
    }
  }
  for (const pid of treeStats(root).pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode !== undefined && inodes.has(inode)) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}
