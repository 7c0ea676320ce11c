/**
 * Where the agents config is kept when the user edits agents in the app.
 *
 * The file store writes atomically: the new content goes to a temporary file beside the config, is
 * flushed to disk, then renamed over it, so a crash mid-write leaves either the old file or the new one,
 * never half of one. A config file that was invalid when the app started is never overwritten in place:
 * it is moved aside (`agents.json.invalid-<time>`) the first time the user saves, so nothing they wrote
 * is lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { AgentsConfig } from './config';

/** Persists the config; the hub calls it after every accepted edit. */
export interface ConfigStore {
  /** @throws Error with a plain sentence when the config could not be saved (the old one stays). */
  save(config: AgentsConfig): Promise<void>;
}

/** Keeps the config in memory only (the harness, tests). */
export class MemoryConfigStore implements ConfigStore {
  /** The last config saved. */
  saved?: AgentsConfig;

  async save(config: AgentsConfig): Promise<void> {
    this.saved = structuredClone(config);
  }
}

export class FileConfigStore implements ConfigStore {
  /**
   * @param path the config file.
   * @param startedInvalid true when the file on disk could not be used at start: it is moved aside, not
   *   overwritten, on the first save.
   */
  constructor(
    private readonly path: string,
    private startedInvalid = false,
  ) {}

  async save(config: AgentsConfig): Promise<void> {
    try {
      await mkdir(dirname(this.path), { recursive: true });
      if (this.startedInvalid) {
        await rename(this.path, `${this.path}.invalid-${Date.now()}`).catch(() => {});
        this.startedInvalid = false;
      }
      await writeAtomically(this.path, `${JSON.stringify(config, null, 2)}\n`);
    } catch (error) {
      throw new Error(`Could not save the agents config ${this.path}: ${(error as Error).message}`);
    }
  }
}

/** Writes `text` to `path` through a flushed temporary file and a rename. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
