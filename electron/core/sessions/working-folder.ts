/**
 * The working folder of a new session: which one to offer, and whether it can be
 * used. Plain Node, so Electron and the harness check folders the same way.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { MAX_RECENT_FOLDERS } from '../config/config';

/** The result of {@link checkFolder}: the folder to use, or a plain sentence saying why not. */
export type FolderCheck = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Checks that `path` is absolute, exists, is a folder, and can be read and entered. Never throws.
 * @returns the normalised path, or the reason in words a user reads beside the field.
 */
export async function checkFolder(path: string): Promise<FolderCheck> {
  const trimmed = path.trim();
  if (trimmed === '') return { ok: false, reason: 'Type the folder the agent should work in.' };
  if (!isAbsolute(trimmed)) return { ok: false, reason: 'Use a full path, for example /home/you/project.' };
  const folder = resolve(trimmed);
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) return { ok: false, reason: 'This is a file, not a folder.' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'There is no folder here.' };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'You are not allowed to open this folder.' };
    return { ok: false, reason: `This folder cannot be used (${code ?? 'unknown error'}).` };
  }
  try {
    await access(folder, constants.R_OK | constants.X_OK);
  } catch {
    return { ok: false, reason: 'You are not allowed to read this folder.' };
  }
  return { ok: true, path: folder };
}

/**
 * The folder offered for an agent's next session: its configured `cwd`, else the folder last used with
 * it, else `home`.
 */
export function defaultFolder(agent: { cwd?: string; recentFolders?: readonly string[] }, home: string): string {
  return agent.cwd ?? agent.recentFolders?.[0] ?? home;
}

/** `folder` first, then the others, without repeats, at most {@link MAX_RECENT_FOLDERS}. */
export function rememberFolder(recent: readonly string[] | undefined, folder: string): string[] {
  return [folder, ...(recent ?? []).filter((f) => f !== folder)].slice(0, MAX_RECENT_FOLDERS);
}
