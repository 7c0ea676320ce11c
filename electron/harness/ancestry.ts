/**
 * Which processes started the harness, so it can stop once any of them is gone (electron/harness/cli.ts). `npm run
 * harness` runs it as npm → `sh -c` → node: a SIGHUP or SIGTERM to npm alone ends npm and passes nothing on, and
 * the shell in between lives on (reparented), so watching only the direct parent left the harness running.
 */
import { linuxProcessTable } from '../core/agents/process-tree';

/**
 * Ancestors watched above this process: its parent and the one above (npm's shell and npm). A terminal's shell
 * above them ends npm itself when it goes (SIGHUP), so looking further would only add work.
 */
export const WATCHED_ANCESTORS = 2;

/** One watched process and the parent it had when watching began. */
export interface Link {
  pid: number;
  ppid: number;
}

/**
 * The chain from `pid` up: `pid` and up to {@link WATCHED_ANCESTORS} ancestors, each with its parent then, stopping
 * below init (pid 1). Linux only (read from /proc); elsewhere, and when /proc cannot be read, just `pid` with
 * `ppid` (the caller's direct-parent check).
 */
export function ancestry(pid: number, ppid: number): Link[] {
  const links: Link[] = [{ pid, ppid }];
  if (process.platform !== 'linux') return links;
  while (links.length <= WATCHED_ANCESTORS) {
    const above = links[links.length - 1].ppid;
    if (above <= 1) break;
    const entry = linuxProcessTable.identity(above);
    if (!entry) break;
    links.push({ pid: above, ppid: entry.ppid });
  }
  return links;
}

/**
 * Whether one of the watched processes is gone: it no longer exists, or it has another parent now (its own
 * parent died and it was reparented), which is how npm's end shows while its shell lives on.
 */
export function ancestryBroken(links: Link[], parentOf: (pid: number) => number | undefined = linuxParent): boolean {
  return links.some((link) => parentOf(link.pid) !== link.ppid);
}

function linuxParent(pid: number): number | undefined {
  if (pid === process.pid) return process.ppid;
  return linuxProcessTable.identity(pid)?.ppid;
}
