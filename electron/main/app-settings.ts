/**
 * `<userData>/settings.json`: the app's own preferences (not the agents: those are in agents.json). Today one:
 * whether to check for updates automatically. Unreadable or hand-broken files fall back to the defaults.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface AppSettings {
  /** Check for, download and offer updates (packaged builds only). Default: true. */
  autoUpdates: boolean;
}

export const DEFAULT_APP_SETTINGS: AppSettings = { autoUpdates: true };

export class AppSettingsFile {
  constructor(private readonly path: string) {}

  /** The saved settings merged over the defaults; unknown or ill-typed fields are ignored. */
  load(): AppSettings {
    try {
      const value = JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, unknown>;
      return { autoUpdates: typeof value.autoUpdates === 'boolean' ? value.autoUpdates : DEFAULT_APP_SETTINGS.autoUpdates };
    } catch {
      return { ...DEFAULT_APP_SETTINGS };
    }
  }

  /** Writes atomically (temporary file, then rename). Throws on I/O errors. */
  save(settings: AppSettings): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`);
    renameSync(temporary, this.path);
  }
}
