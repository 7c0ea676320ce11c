/**
 * The agents config file of the desktop app: `<userData>/agents.json` (architecture "The agents config").
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defaultAgentsConfig, loadAgentsConfig, type AgentsConfig } from '../core/config/config';

/** Shows a problem to the user, e.g. `dialog.showErrorBox(title, content)`. */
export type ShowError = (title: string, content: string) => void;

/** What {@link loadOrCreateAgentsConfig} found. */
export interface LoadedAgentsConfig {
  /** The config to start with: the user's, or the default when theirs could not be used or written. */
  config: AgentsConfig;
  /**
   * True when a file exists at the path but could not be used (unreadable, not JSON, not valid), so the app
   * started with the default. A `FileConfigStore` given this moves that file aside on the first save
   * instead of overwriting it.
   */
  startedInvalid: boolean;
}

async function isMissing(path: string): Promise<boolean> {
  try {
    await stat(path);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Writes `config` as pretty JSON; `false` when a file appeared there meanwhile (it is never replaced). */
async function writeConfigIfAbsent(path: string, config: AgentsConfig): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { encoding: 'utf8', flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Loads the agents config at `path`. Never throws.
 * - Missing file: writes the default config there (pretty JSON) and returns it.
 * - Unreadable, not JSON or not valid: calls `showError` with the plain-sentence reason and returns the default
 *   config with `startedInvalid: true`, leaving the user's file untouched.
 * - The default cannot be written (e.g. a read-only folder): calls `showError` and returns the default config.
 */
export async function loadOrCreateAgentsConfig(path: string, showError: ShowError): Promise<LoadedAgentsConfig> {
  const fallback = defaultAgentsConfig();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return { config: await loadAgentsConfig(path), startedInvalid: false };
    } catch (loadError) {
      if (!(await isMissing(path))) {
        showError(
          'Switchboard could not use your agents config',
          `${(loadError as Error).message}\n\nSwitchboard started with the built-in demo agent only. Your file was not changed. ` +
            'If you change the agents in Switchboard, your file is first renamed to agents.json.invalid-<number> beside the new one.',
        );
        return { config: fallback, startedInvalid: true };
      }
    }
    try {
      if (await writeConfigIfAbsent(path, fallback)) return { config: fallback, startedInvalid: false };
      // Another process wrote the file between our read and our write: read theirs.
    } catch (writeError) {
      showError(
        'Switchboard could not create its agents config',
        `Could not write ${path}: ${(writeError as Error).message}\n\nSwitchboard started with the built-in demo agent only.`,
      );
      return { config: fallback, startedInvalid: false };
    }
  }
  return { config: fallback, startedInvalid: false };
}
