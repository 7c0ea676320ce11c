/**
 * `fs/read_text_file` and `fs/write_text_file` for v1 agents, kept inside the session's folder.
 *
 * The agent names absolute paths. A path is allowed only when it resolves, symbolic links followed, to
 * the session's working folder or below it; anything else is -32602 and nothing is read or written.
 * Every access is reported to the caller so it can be shown in the session's transcript.
 */
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import { MAX_FILE_BYTES, MAX_READ_ANSWER_BYTES } from '../budgets';

/**
 * Reads a text file inside `root`, optionally from 1-based `line` for `limit` lines.
 * @throws RequestError -32602 outside `root`, larger than MAX_FILE_BYTES, or an answer over
 *   MAX_READ_ANSWER_BYTES once JSON-escaped; -32002 when the file does not exist.
 */
export async function readTextFileWithin(root: string, path: string, line?: number | null, limit?: number | null): Promise<string> {
  const file = await resolveWithin(root, path, false);
  let text: string;
  try {
    // Only regular files: a FIFO or device would block a worker thread forever; size first, not after reading.
    const info = await stat(file);
    if (!info.isFile()) throw RequestError.invalidParams({ path }, 'only regular files can be read');
    if (info.size > MAX_FILE_BYTES) throw RequestError.invalidParams({ path }, 'the file is larger than 10 MB');
    text = (await readFile(file)).toString('utf8');
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw RequestError.resourceNotFound(path); // removed since it was resolved
  }
  if (line || limit) {
    const lines = text.split('\n');
    const start = Math.max(0, (line ?? 1) - 1);
    text = lines.slice(start, limit ? start + limit : undefined).join('\n');
  }
  if (escapedBytes(text) > MAX_READ_ANSWER_BYTES) {
    throw RequestError.invalidParams({ path }, 'the file is not text: it is mostly control characters');
  }
  return text;
}

/** UTF-8 bytes of `text` once JSON-escaped: each `"`, `\` and control character adds 1 or 5 bytes. */
function escapedBytes(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) extra += 1;
    else if (code < 0x20) extra += 5;
  }
  return Buffer.byteLength(text) + extra;
}

/**
 * Writes a text file inside `root`, creating missing folders below `root`.
 * @throws RequestError -32602 outside `root` or too large.
 */
export async function writeTextFileWithin(root: string, path: string, content: string): Promise<void> {
  if (Buffer.byteLength(content) > MAX_FILE_BYTES) throw RequestError.invalidParams({ path }, 'the content is larger than 10 MB');
  const file = await resolveWithin(root, path, true);
  try {
    await mkdir(dirname(file), { recursive: true });
    // O_NOFOLLOW: if a link appeared at the last step since it was resolved, refuse rather than follow it.
    const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), 0o644);
    try {
      await handle.writeFile(content, 'utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw RequestError.invalidParams({ path }, `the file could not be written: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** `path` relative to `root`, for display ("src/a.ts"). */
export function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith('..') ? rel : path;
}

/**
 * Resolves `path` and checks it stays inside `root` once symbolic links are followed. A path that does
 * not exist yet is resolved through its nearest existing parent folder (a write may create it; a read
 * gets -32002).
 */
async function resolveWithin(root: string, path: string, forWrite: boolean): Promise<string> {
  if (!isAbsolute(path)) throw RequestError.invalidParams({ path }, 'paths must be absolute');
  const realRoot = await realpath(root).catch(() => {
    throw RequestError.invalidParams({ path }, "the session's folder does not exist");
  });
  let existing = resolve(path);
  const missing: string[] = [];
  let real: string | undefined;
  while (real === undefined) {
    try {
      real = await realpath(existing);
    } catch {
      // A name that exists but cannot be resolved is a dangling symbolic link: following it on write could
      // create a file anywhere, so it is refused rather than treated as a new name.
      if (await lstat(existing).then(() => true, () => false)) {
        throw RequestError.invalidParams({ path }, "the path is outside the session's folder");
      }
      const parent = dirname(existing);
      if (parent === existing) throw RequestError.invalidParams({ path }, "the path is outside the session's folder");
      missing.unshift(basename(existing));
      existing = parent;
    }
  }
  const full = missing.length ? join(real, ...missing) : real;
  if (full !== realRoot && !full.startsWith(realRoot + sep)) {
    throw RequestError.invalidParams({ path }, "the path is outside the session's folder");
  }
  if (!forWrite && missing.length) throw RequestError.resourceNotFound(path);
  return full;
}
