/**
 * A crashed or hung renderer is reloaded. Its state lives in main (the hub), so the reloaded page asks for a
 * snapshot and shows everything again: agents, sessions, waiting requests and saved form drafts. A renderer
 * that keeps crashing is not reloaded forever: after {@link MAX_RELOADS} in {@link RELOAD_WINDOW_MS} the user
 * is told once, and the window stays as it is.
 */
import type { BrowserWindow, RenderProcessGoneDetails } from 'electron';

/** Automatic reloads allowed within {@link RELOAD_WINDOW_MS}. */
export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 60_000;
/** How long a page may stay unresponsive before it is crashed and reloaded, in ms. */
export const HANG_RELOAD_MS = 15_000;

/** The crash-loop limit as plain data: `allow(now)` records a reload and says whether it may happen. */
export class ReloadBudget {
  private readonly times: number[] = [];
  allow(now: number): boolean {
    while (this.times.length > 0 && now - this.times[0] > RELOAD_WINDOW_MS) this.times.shift();
    if (this.times.length >= MAX_RELOADS) return false;
    this.times.push(now);
    return true;
  }
}

export interface RecoveryOptions {
  log: (line: string) => void;
  /** Told once when the budget is spent (a plain sentence for an error box). */
  onGiveUp: (message: string) => void;
  now?: () => number;
}

/** Watches `window`'s renderer: reloads after a crash (not a clean exit) or a hang of {@link HANG_RELOAD_MS}. */
export function watchRenderer(window: Pick<BrowserWindow, 'on' | 'isDestroyed' | 'webContents'>, options: RecoveryOptions): void {
  const budget = new ReloadBudget();
  const now = options.now ?? Date.now;
  let gaveUp = false;
  let hang: ReturnType<typeof setTimeout> | undefined;
  const reload = (why: string) => {
    if (window.isDestroyed()) return;
    if (!budget.allow(now())) {
      if (!gaveUp) {
        gaveUp = true;
        options.log(`renderer ${why}; not reloading again (${MAX_RELOADS} reloads within ${RELOAD_WINDOW_MS / 1000} s)`);
        options.onGiveUp('The Switchboard window keeps failing, so it was not reloaded again. Your agents are still running; quit and reopen Switchboard to get the window back.');
      }
      return;
    }
    options.log(`renderer ${why}; reloading (its state lives in main)`);
    window.webContents.reload();
  };
  window.webContents.on('render-process-gone', (_event: unknown, details: RenderProcessGoneDetails) => {
    clearTimeout(hang);
    if (details.reason === 'clean-exit') return;
    reload(`process gone (${details.reason}, exit code ${details.exitCode})`);
  });
  window.on('unresponsive', () => {
    clearTimeout(hang);
    hang = setTimeout(() => {
      if (window.isDestroyed()) return;
      // Reloading a hung page waits on the hung page: end its process instead, and the
      // render-process-gone that follows reloads a fresh one.
      options.log(`renderer unresponsive for ${HANG_RELOAD_MS / 1000} s; ending it`);
      window.webContents.forcefullyCrashRenderer();
    }, HANG_RELOAD_MS);
  });
  window.on('responsive', () => clearTimeout(hang));
  window.on('closed', () => clearTimeout(hang));
}
