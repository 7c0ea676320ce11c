/**
 * `fs/read_text_file` and `fs/write_text_file` for v1 agents, kept inside the session's folder.
 *
 * The agent names absolute paths. A path is allowed only when it resolves, symbolic links followed, to
 * the session's working folder or below it; anything else is -32602 and nothing is read or written.
 * Every access is reported to the caller so it can be shown in the session's transcript.
 */
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import { MAX_FILE_BYTES, MAX_READ_ANSWER_BYTES } from '../budgets';
import { revealInvisible } from '../../../shared/visible-text';

/**
 * Flags for opening a file the agent named. O_NOFOLLOW: a link that appeared at the last step since the
 * path was resolved is refused rather than followed. O_NONBLOCK: opening a FIFO or device returns at once
 * instead of holding one of libuv's four threadpool threads until someone opens the other end, which froze
 * every file access and DNS lookup in main. (Both are 0 on Windows, which has neither.)
 */
const SAFE_OPEN = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a text file inside `root`, optionally from 1-based `line` for `limit` lines. The file is opened
 * once and checked on the open handle, so it cannot be swapped for a FIFO or a larger file between the
 * check and the read, and never more than MAX_FILE_BYTES + 1 bytes are read.
 * @throws RequestError -32602 outside `root`, not a regular file, larger than MAX_FILE_BYTES, or an answer
 *   over MAX_READ_ANSWER_BYTES once JSON-escaped; -32002 when the file does not exist.
 */
export async function readTextFileWithin(root: string, path: string, line?: number | null, limit?: number | null): Promise<string> {
  const file = await resolveWithin(root, path, false);
  let bytes: Buffer;
  try {
    const handle = await open(file, constants.O_RDONLY | SAFE_OPEN);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw RequestError.invalidParams({ path }, 'only regular files can be read');
      if (info.size > MAX_FILE_BYTES) throw RequestError.invalidParams({ path }, 'the file is larger than 10 MB');
      bytes = await readAtMost(handle, MAX_FILE_BYTES + 1);
      if (bytes.length > MAX_FILE_BYTES) throw RequestError.invalidParams({ path }, 'the file is larger than 10 MB');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof RequestError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw RequestError.invalidParams({ path }, "the path is outside the session's folder");
    throw RequestError.resourceNotFound(path); // removed since it was resolved
  }
  // Only a file over a sixth of the answer budget can pass it once escaped, so smaller ones skip the scan.
  if (bytes.length * 6 > MAX_READ_ANSWER_BYTES && escapedBytes(bytes) > MAX_READ_ANSWER_BYTES) {
    throw RequestError.invalidParams({ path }, 'the file is not plain text: encoded for the answer it would be larger than 20 MB');
  }
  let text = bytes.toString('utf8');
  if (line || limit) {
    const lines = text.split('\n');
    const start = Math.max(0, (line ?? 1) - 1);
    text = lines.slice(start, limit ? start + limit : undefined).join('\n');
  }
  return text;
}

/** Reads from the start of `handle` until its end or `max` bytes, whichever comes first. */
async function readAtMost(handle: FileHandle, max: number): Promise<Buffer> {
  const buffer = Buffer.alloc(max);
  let filled = 0;
  while (filled < max) {
    const { bytesRead } = await handle.read(buffer, filled, max - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Bytes of `bytes` once JSON-escaped: each `"`, `\` and control byte adds 1 or 5 (UTF-8 needs no more). */
function escapedBytes(bytes: Uint8Array): number {
  let extra = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte >= 0x20) {
      if (byte === 0x22 || byte === 0x5c) extra += 1;
    } else if (byte === 0x08 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d) extra += 1;
    else extra += 5;
  }
  return bytes.length + extra;
}

/**
 * Writes a text file inside `root`, creating missing folders below `root`. Like a read, the file is opened
 * once (never truncated before it is known to be a regular file) and checked on the open handle.
 * @throws RequestError -32602 outside `root`, too large, a name with a control character, not a regular file, or
 *   not writable.
 */
export async function writeTextFileWithin(root: string, path: string, content: string): Promise<void> {
  if (Buffer.byteLength(content) > MAX_FILE_BYTES) throw RequestError.invalidParams({ path }, 'the content is larger than 10 MB');
  // No tool needs a file name with a line break or another control character, and one is a trap: it breaks
  // scripts and shells, and its name read as a paragraph of Switchboard's own in the transcript.
  if (CONTROL_CHARACTER.test(path)) throw RequestError.invalidParams({ path }, 'file names with control characters are refused');
  const file = await resolveWithin(root, path, true);
  try {
    await mkdir(dirname(file), { recursive: true });
    // A FIFO nobody reads fails here with ENXIO instead of blocking (O_NONBLOCK).
    const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | SAFE_OPEN, 0o644);
    try {
      if (!(await handle.stat()).isFile()) throw RequestError.invalidParams({ path }, 'only regular files can be written');
      await handle.truncate(0);
      await handle.writeFile(content, 'utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw RequestError.invalidParams({ path }, `the file could not be written: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** C0 and C1 control characters, line breaks and tabs included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `path` relative to `root`, for display in a sentence ("src/a.ts"): control, bidi and zero-width characters
 * shown as markers (`⟨U+000A⟩`), so an agent's file name reads as one name, never as more lines (spec E-PRIV-1's
 * one-line rule for quoted agent text). Paths reach here only after the file system accepted them (≤ PATH_MAX).
 */
export function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  const shown = rel && !rel.startsWith('..') ? rel : path;
  return revealInvisible(shown, { oneLine: true });
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
