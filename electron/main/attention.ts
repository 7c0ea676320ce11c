/**
 * The Electron side of "someone is waiting for you" (`AttentionSink` in `electron/core/requests/arrivals.ts`): an OS
 * notification when a request arrives while the main window is not in front, the dock / launcher badge, and
 * a flashing taskbar entry on Windows and Linux.
 *
 * The notification names the agent and the kind of request, never its content (spec E-PRIV-1): the form's
 * fields, the page's address and the permission's details stay inside the app. Clicking it brings the main
 * window forward and asks the renderer to show the item (`hub.focusItem`).
 */
import type { App, BrowserWindow, Notification, NotificationConstructorOptions } from 'electron';
import type { AttentionSink } from '../core/requests/arrivals';
import { askingText, type RequestKind } from '../../shared/attention-text';

/** The `Notification` class, passed in so tests can hand a recording fake. */
export interface NotificationClass {
  new (options: NotificationConstructorOptions): Notification;
  isSupported(): boolean;
}

/** The pieces of `electron` the sink uses. */
export interface AttentionElectron {
  app: Pick<App, 'setBadgeCount'>;
  Notification: NotificationClass;
}

export interface AttentionOptions {
  /** `process.platform`. */
  platform: NodeJS.Platform;
  /** The main window while it is open, else `null`. */
  getMainWindow: () => BrowserWindow | null;
  /** Opens the main window again after it was closed (macOS keeps running without one); `null` if it cannot. */
  reopenMainWindow: () => BrowserWindow | null;
  /** Asks the renderer to bring the item into view (`hub.focusItem`). */
  focusItem: (itemId: string) => void;
  /** Diagnostic sink; receives no request content. */
  log?: (line: string) => void;
}

/** Notifications kept referenced (so their click handler survives garbage collection); the oldest are let go. */
const MAX_LIVE_NOTIFICATIONS = 20;

/**
 * The notification's body: `"<agent> is asking you to fill in a form"` and the like, or `"<agent> is asking you
 * 2 things"` when `count` requests of that agent arrived together (one notification for them all). The in-app
 * notice says the same (shared/attention-text.ts).
 */
export function notificationBody(agentName: string, kind: RequestKind, count = 1): string {
  return askingText(agentName, kind, count);
}

/** True when the user is looking at the main window: it exists, is shown, not minimized, and has focus. */
export function isMainWindowInFront(window: BrowserWindow | null): boolean {
  return !!window && !window.isDestroyed() && window.isVisible() && !window.isMinimized() && window.isFocused();
}

/** Restores, shows and focuses `window`. */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * Creates the sink the hub reports to.
 * - `itemArrived`: when the main window is not in front, shows a notification (title "Switchboard", body
 *   from {@link notificationBody}, not silent) if the platform supports them, and on Windows and Linux
 *   flashes the main window's taskbar entry until it is focused. Clicking the notification brings the main
 *   window forward (reopening it if it was closed) and calls `focusItem(itemId)`.
 * - `waitingCount`: keeps the badge equal to the count (`app.setBadgeCount`, macOS and Unity-style Linux
 *   launchers; Windows has no badge without an overlay icon, which the app does not ship). At zero,
 *   notifications still on screen are withdrawn.
 * Never throws: the hub calls it while handling agent messages.
 */
/**
 * Brings the main window to the front (reopening it on macOS when it was closed) and, when `itemId` is
 * given, asks the renderer to show that item once its page can hear it. Used by a notification click and
 * by the tray.
 */
export function revealInMainWindow(options: Pick<AttentionOptions, 'getMainWindow' | 'reopenMainWindow' | 'focusItem'>, itemId?: string): void {
  const window = options.getMainWindow();
  if (window && !window.isDestroyed()) {
    bringToFront(window);
    if (itemId) options.focusItem(itemId);
    return;
  }
  const reopened = options.reopenMainWindow();
  // A fresh page has not subscribed yet; ask once it has loaded.
  if (itemId) reopened?.webContents.once('did-finish-load', () => options.focusItem(itemId));
}

export function createAttentionSink(electron: AttentionElectron, options: AttentionOptions): AttentionSink {
  const log = options.log ?? (() => {});
  const live = new Set<Notification>();
  const flashing = new WeakSet<BrowserWindow>();
  let badge = 0;

  const reveal = (itemId: string): void => revealInMainWindow(options, itemId);

  const flash = (window: BrowserWindow | null): void => {
    if (options.platform !== 'win32' && options.platform !== 'linux') return;
    if (!window || window.isDestroyed() || flashing.has(window)) return;
    flashing.add(window);
    window.flashFrame(true);
    window.once('focus', () => {
      flashing.delete(window);
      if (!window.isDestroyed()) window.flashFrame(false);
    });
  };

  const notify = (itemId: string, body: string): void => {
    if (!electron.Notification.isSupported()) return;
    const notification = new electron.Notification({ title: 'Switchboard', body, silent: false });
    const forget = (): void => {
      live.delete(notification);
    };
    notification.on('click', () => {
      forget();
      reveal(itemId);
    });
    notification.on('close', forget);
    notification.on('failed', (_event, error) => {
      forget();
      log(`A notification could not be shown: ${error}`);
    });
    live.add(notification);
    if (live.size > MAX_LIVE_NOTIFICATIONS) {
      const oldest = live.values().next().value;
      if (oldest) live.delete(oldest);
    }
    notification.show();
  };

  return {
    itemArrived({ itemId, agentName, kind, count }) {
      try {
        const window = options.getMainWindow();
        if (isMainWindowInFront(window)) return;
        notify(itemId, notificationBody(agentName, kind, count));
        flash(window);
      } catch (error) {
        log(`Could not draw attention to a new request: ${(error as Error).message}`);
      }
    },
    waitingCount(count) {
      try {
        if (count === 0 && live.size > 0) {
          for (const notification of live) notification.close();
          live.clear();
        }
        if (count === badge) return;
        badge = count;
        if (options.platform !== 'win32') electron.app.setBadgeCount(count);
      } catch (error) {
        log(`Could not update the badge: ${(error as Error).message}`);
      }
    },
  };
}
