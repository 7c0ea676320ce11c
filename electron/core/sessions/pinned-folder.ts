/**
 * A folder inside a session's root, opened and held by its descriptor, so that what Switchboard reads or writes on
 * an agent's behalf lands in that very folder even if a name on the way is swapped for a symbolic link meanwhile
 * (a check-then-open race). See docs/security.md, "Files an agent reads and writes".
 *
 * On Linux every later access goes through `/proc/self/fd/N/<name>`: the kernel resolves that to the folder the
 * descriptor holds, whatever its path now points to, which is `openat(2)` without a native addon. Elsewhere Node
 * offers no descriptor-relative access, so the folder is named by its path and checked again after each step
 * (`verifyStill`): a swap in the instant between a check and the next call is narrowed, not excluded.
 */
import { constants } from 'node:fs';
import { existsSync } from 'node:fs';
import { mkdir, open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** Whether descriptor-relative paths exist here (Linux with /proc mounted). */
const FD_PATHS = process.platform === 'linux' && existsSync('/proc/self/fd');

/** Opens a folder without following a link at its last step. O_DIRECTORY and O_NOFOLLOW are 0 where absent. */
const FOLDER_OPEN = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** Thrown when a folder on the way is not a folder any more, or is a link: the caller answers "outside". */
export class LeftTheRoot extends Error {
  constructor() {
    super("the path is outside the session's folder");
  }
}

/** A folder held open inside the root. `at(name)` is a path to `name` inside exactly that folder. */
export interface PinnedFolder {
  /** A path that reaches `name` (one component, no separators) inside the held folder. */
  at(name: string): string;
  /** Where supported, nothing to do; elsewhere re-checks that the folder's path still leads to the held folder. */
  verifyStill(): Promise<void>;
  /** Flushes the folder's entries (a rename into it) to disk; best effort where folders cannot be synced. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens `realRoot/…components` one component at a time, never following a link, and returns the last folder held
 * open. `realRoot` must already be a real path (no links). With `create`, missing folders are made on the way.
 * @throws LeftTheRoot when a component is a link or not a folder; the file system's error (ENOENT…) otherwise.
 */
export async function openFolderWithin(realRoot: string, components: string[], create: boolean): Promise<PinnedFolder> {
  if (!FD_PATHS) return openByPath(realRoot, components, create);
  let handle = await openFolder(realRoot);
  try {
    for (const name of components) {
      const next = `/proc/self/fd/${handle.fd}/${name}`;
      if (create) await mkdir(next).catch(ignoreExists);
      const child = await openFolder(next);
      await handle.close();
      handle = child;
    }
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const held = handle;
  return {
    at: (name) => `/proc/self/fd/${held.fd}/${name}`,
    verifyStill: async () => undefined,
    sync: () => held.sync().catch(() => undefined),
    close: () => held.close(),
  };
}

async function openFolder(path: string): Promise<FileHandle> {
  try {
    return await open(path, FOLDER_OPEN);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR') throw new LeftTheRoot();
    throw error;
  }
}

function ignoreExists(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

/** The fallback where no descriptor-relative path exists: the folder by its real path, re-checked on demand. */
async function openByPath(realRoot: string, components: string[], create: boolean): Promise<PinnedFolder> {
  const folder = components.length ? join(realRoot, ...components) : realRoot;
  if (create) await mkdir(folder, { recursive: true });
  const identity = await stat(folder);
  const verifyStill = async () => {
    const real = await realpath(folder).catch(() => '');
    const now = await stat(folder).catch(() => undefined);
    const inside = real === realRoot || real.startsWith(realRoot + sep);
    if (!inside || !now?.isDirectory() || now.ino !== identity.ino || now.dev !== identity.dev) throw new LeftTheRoot();
  };
  await verifyStill();
  return { at: (name) => join(folder, name), verifyStill, sync: async () => undefined, close: async () => undefined };
}
