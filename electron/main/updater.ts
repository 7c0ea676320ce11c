/**
 * electron-updater against the GitHub releases feed (electron-builder.yml `publish`): a check shortly after
 * start and every few hours, downloads in the background, and a question before restarting that is only
 * asked when no request waits and no draft is open (update-policy.ts). "Later" installs on the next quit.
 * The updater object is passed in (index.ts hands electron-updater's `autoUpdater`), so tests use a fake.
 */
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, PendingUpdate, QUIET_RECHECK_MS, type OpenWork } from './update-policy';

/** What this uses of electron-updater's `AppUpdater`. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdaterOptions {
  /** The user's open work now (the hub's waiting count and drafts). */
  openWork: () => OpenWork;
  /** Asks "Restart now?"; resolves true for Restart. */
  askToRestart: (version: string) => Promise<boolean>;
  /** Tells the user a check they asked for found nothing new. */
  upToDate: () => void;
  log: (line: string) => void;
}

export interface RunningUpdater {
  /** A check the user asked for (menu): says so when there is nothing new. */
  checkNow(): void;
  /** Re-evaluates a downloaded update now (the waiting count changed). */
  workChanged(): void;
  stop(): void;
}

/** Starts checking. Call only where updates are on (updatesDisabledReason returned null). */
export function startUpdater(updater: UpdaterLike, options: UpdaterOptions): RunningUpdater {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // electron-updater's own logger prints feed and download URLs; only our one-line summaries are logged.
  updater.logger = null;
  let manual = false;
  let pending: PendingUpdate | null = null;
  let asking = false;

  const check = (byUser: boolean) => {
    manual = byUser;
    updater.checkForUpdates().catch((error: unknown) => options.log(`update check failed: ${(error as Error).message}`));
  };
  const consider = () => {
    if (!pending || asking || !pending.shouldAsk(options.openWork())) return;
    const update = pending;
    asking = true;
    void options
      .askToRestart(update.version)
      .then((restart) => {
        // The user may have started something while the question was up.
        if (restart && update.mayRestart(options.openWork())) updater.quitAndInstall();
        else if (restart) options.log(`update ${update.version}: restart put off, work opened meanwhile; installs on quit`);
      })
      .finally(() => {
        asking = false;
      });
  };

  updater.on('update-downloaded', (info) => {
    options.log(`update ${info.version} downloaded`);
    pending = new PendingUpdate(info.version);
    consider();
  });
  updater.on('update-not-available', () => {
    if (manual) options.upToDate();
    manual = false;
  });
  updater.on('error', (error) => {
    options.log(`update failed: ${error.message}`);
    manual = false;
  });

  const first = setTimeout(() => check(false), FIRST_CHECK_DELAY_MS);
  const every = setInterval(() => check(false), CHECK_INTERVAL_MS);
  const quiet = setInterval(consider, QUIET_RECHECK_MS);
  for (const timer of [first, every, quiet]) timer.unref?.();
  return {
    checkNow: () => check(true),
    workChanged: consider,
    stop: () => {
      clearTimeout(first);
      clearInterval(every);
      clearInterval(quiet);
    },
  };
}
