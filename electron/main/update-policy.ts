/**
 * When Switchboard may look for, fetch and install updates. Plain rules, so the tests exercise them
 * without electron-updater: the glue (updater.ts) asks these before every step.
 *
 * The one rule that matters to a user: the app never restarts while a request waits for them or a form
 * holds a draft they have typed, because a restart ends every agent and its pending requests with it.
 */

/** First check shortly after start (not during start-up itself), in ms. */
export const FIRST_CHECK_DELAY_MS = 30_000;
/** Then every few hours for an app that stays open all day, in ms. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** While a downloaded update waits for a quiet moment, how often to look again, in ms. */
export const QUIET_RECHECK_MS = 60_000;

/**
 * Whether electron-builder's `app-update.yml` names a feed. A build without a detectable repository still
 * writes the file, but with no `provider`, and electron-updater would then fail every check.
 */
export function updateFeedConfigured(appUpdateYml: string): boolean {
  return /^provider:\s*\S+/m.test(appUpdateYml);
}

/**
 * How a Linux copy was installed, as electron-updater tells it apart (its main.js): the `APPIMAGE` variable set
 * means an AppImage; `<resources>/package-type` reading deb, rpm or pacman means a package it can reinstall;
 * anything else (an unpacked folder, an archive) cannot be replaced.
 */
export function linuxInstallKind(appImageEnv: string | undefined, packageType: string): 'appimage' | 'package' | 'other' {
  if (appImageEnv) return 'appimage';
  return ['deb', 'rpm', 'pacman'].includes(packageType.trim()) ? 'package' : 'other';
}

/**
 * Why no update checks run now, for main's log, or null when they do: the copy cannot update (`unavailable`,
 * from update-availability.ts `updatesUnavailableReason`), or the user turned them off.
 */
export function updatesOffReason(unavailable: string | null, settingEnabled: boolean): string | null {
  if (unavailable !== null) return unavailable;
  return settingEnabled ? null : 'Updates are turned off in Settings.';
}

/** What the hub reports about the user's open work. */
export interface OpenWork {
  /** Requests waiting for the user (the badge count). */
  waiting: number;
  /** A form holds a draft the user typed and has not sent. */
  draftOpen: boolean;
}

/** Why the app must not restart now (a plain phrase), or null when it may. */
export function restartBlocker(work: OpenWork): string | null {
  if (work.waiting > 0) return work.waiting === 1 ? 'a request is waiting for you' : `${work.waiting} requests are waiting for you`;
  if (work.draftOpen) return 'a form you started is not sent yet';
  return null;
}

/**
 * The state of one downloaded update: `ask` once the user's work allows it, at most once per download;
 * the answer "Later" leaves it to be installed when the app quits.
 */
export class PendingUpdate {
  private asked = false;
  constructor(readonly version: string) {}

  /** Whether to ask the user now, given their open work. True at most once. */
  shouldAsk(work: OpenWork): boolean {
    if (this.asked || restartBlocker(work) !== null) return false;
    this.asked = true;
    return true;
  }

  /** Whether the restart the user just agreed to may go ahead (their work may have changed meanwhile). */
  mayRestart(work: OpenWork): boolean {
    return restartBlocker(work) === null;
  }
}
