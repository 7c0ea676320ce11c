/** What a host (Electron's main, the harness, the tests, the bench) hands the hub. */
import type { AgentsConfig } from './config/config';
import type { ConfigStore } from './config/config-store';
import type { AppSettingsHost } from './app-settings';
import type { BuiltinAgents } from './agents/launch-spec';
import type { AttentionSink } from './requests/arrivals';
import type { UrlOpener } from './url-opener';

export interface HubOptions {
  config: AgentsConfig;
  builtinAgents: BuiltinAgents;
  /** Default cwd offered for new sessions (the user's home). */
  defaultCwd: string;
  /** Diagnostic log sink; never receives form values or full URLs (spec E-PRIV-1). */
  log?: (line: string) => void;
  /** Event batch period in ms (architecture rule 6); default 16. */
  batchIntervalMs?: number;
  /** How long an agent may take to answer `initialize`, in ms; default INITIALIZE_TIMEOUT_MS (budgets.ts). */
  initializeTimeoutMs?: number;
  /**
   * Opens consented URL-mode pages (spec E-URL-5): Electron's sealed window or the system browser; the
   * harness records instead. Without one, URL mode is not advertised (spec E-CAP-2).
   */
  urlOpener?: UrlOpener;
  /** Where edits from the agent editor are saved; without one they last until the app quits. */
  configStore?: ConfigStore;
  /** Told when a request starts waiting for the user (OS notification, dock badge); see {@link AttentionSink}. */
  attention?: AttentionSink;
  /** Opens a checked, re-serialised https (or loopback http) address in the system browser. */
  openExternal?: (url: string) => void;
  /** Shows the host's folder picker (Electron's dialog); resolves with the folder, or undefined if cancelled. */
  pickFolder?: (defaultPath?: string) => Promise<string | undefined>;
  /**
   * The session history file (SQLite; the user-data folder in the app, `--data DIR` in the harness).
   * Without one, history is kept in memory until the hub stops.
   */
  historyFile?: string;
  /**
   * The app's own preferences (Electron: `settings.json`, and the updater follows them). Without it (the
   * harness) they live in memory and updates never run, which the Settings view says.
   */
  appSettings?: AppSettingsHost;
}
