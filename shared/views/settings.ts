/** View types of the app's own preferences (the Settings view). */

/**
 * The app's own preferences as the Settings view shows them (main's `settings.json`; the theme is the
 * renderer's own, in localStorage). Agents and MCP servers are set up elsewhere.
 */
export interface AppSettingsView {
  /** Check for, download and offer updates automatically. Saved even where updates cannot run. */
  autoUpdates: boolean;
  /**
   * Why this copy of Switchboard never checks for updates whatever the setting, as a plain sentence (an
   * unpackaged or harness run, a build without a feed); absent where updates can run.
   */
  updatesUnavailable?: string;
}
