/**
 * The app's own preferences (the Settings view): where they live and what changing them does. Electron keeps them
 * in `settings.json` and the updater follows them (electron/main/app-lifecycle.ts); a run with no host for them
 * (the harness) keeps them in memory.
 */
import type { AppSettingsView } from '../../shared/views/settings';
import { updatesUnavailableReason } from './update-availability';

/** Where the app's own preferences live and what changing them does (electron/main/app-lifecycle.ts). */
export interface AppSettingsHost {
  read(): AppSettingsView;
  /** Saves `patch` over the current settings and acts on it (starts or stops the updater); returns the result. */
  update(patch: Partial<Pick<AppSettingsView, 'autoUpdates'>>): AppSettingsView;
}

/**
 * The preferences of a run with no host for them (the harness): in memory. `updatesUnavailable` is why updates
 * never run here (default: the harness's own reason, update-availability.ts); the e2e suite passes null to stand
 * in for main's host in a copy that can update.
 */
export function memoryAppSettings(updatesUnavailable: string | null = updatesUnavailableReason({ kind: 'harness' })): AppSettingsHost {
  let autoUpdates = true;
  const read = (): AppSettingsView => ({ autoUpdates, ...(updatesUnavailable === null ? {} : { updatesUnavailable }) });
  return {
    read,
    update: (patch) => {
      autoUpdates = patch.autoUpdates ?? autoUpdates;
      return read();
    },
  };
}
