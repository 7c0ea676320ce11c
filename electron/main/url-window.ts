/**
 * The Electron `UrlOpener` (spec E-URL-5, architecture rule 5: the URL-mode window is a sealed room).
 *
 * `app-window`: one new `BrowserWindow` per queue item, in a fresh in-memory partition of its own, sandboxed,
 * context-isolated, without Node, preload or devtools. It may go to `https:` pages and to `http:` on loopback
 * only; its popups stay in the same partition under the same rules; permissions are denied, downloads
 * cancelled, certificate errors refused, client certificates never sent. Its title is the trusted strip
 * (lock state and host); the page cannot change it. Closing the window wipes its partition.
 * `system-browser`: `shell.openExternal` with the re-serialised URL, for the same schemes only.
 *
 * Nothing here hands out the window, its web contents or its session, and nothing reads what the page
 * loads: the only thing observed is the top-level URL, for the strip.
 */
import { randomUUID } from 'node:crypto';
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Certificate,
  Session,
  Shell,
  WebPreferences,
} from 'electron';
import type { UrlOpener, UrlOpenMode } from '../core/url-opener';
import type { BrowserWindowClass } from './main-window';
import { HARDENED_WEB_PREFERENCES } from './web-security';
import { MAX_POPUPS_PER_REQUEST } from '../core/budgets';
import { allowedPageHref, certificateErrorTitle, hostForLog, errorForLog, mayFrameNavigate, stripTitle } from './url-window-policy';

/** The pieces of `electron` the opener uses; the main window is deliberately not among them. */
export interface UrlOpenerElectron {
  BrowserWindow: BrowserWindowClass;
  shell: Pick<Shell, 'openExternal'>;
}

export interface UrlOpenerOptions {
  /** Diagnostic sink; receives hosts, never full URLs (spec E-PRIV-1). */
  log?: (line: string) => void;
}

/** Every URL-mode partition starts with this; without `persist:` Chromium keeps it in memory only. */
const PARTITION_PREFIX = 'url-item-';

/** The sealed web preferences shared by an item's window and its popups (spec E-URL-5). */
function sealedWebPreferences(partition: string): WebPreferences {
  return { ...HARDENED_WEB_PREFERENCES, partition, devTools: false, preload: undefined, javascript: true };
}

function itemWindowOptions(partition: string, href: string): BrowserWindowConstructorOptions {
  return {
    title: stripTitle(href),
    width: 960,
    height: 780,
    minWidth: 400,
    minHeight: 400,
    show: true,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: sealedWebPreferences(partition),
  };
}

function popupWindowOptions(partition: string, href: string): BrowserWindowConstructorOptions {
  return { title: stripTitle(href), show: true, autoHideMenuBar: true, webPreferences: sealedWebPreferences(partition) };
}

/** Denies every permission request and check of a URL-mode partition, disables spellcheck, cancels downloads. */
function sealSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.setSpellCheckerEnabled(false);
  session.on('will-download', (event) => event.preventDefault());
}

/** Drops everything the partition holds: open connections, cookies and storage, HTTP cache, auth cache. */
function wipeSession(session: Session, log: (line: string) => void): void {
  void Promise.allSettled([
    session.closeAllConnections(),
    session.clearStorageData(),
    session.clearCache(),
    session.clearAuthCache(),
  ]).then((results) => {
    if (results.some((result) => result.status === 'rejected')) log('A closed URL-mode window could not be wiped completely.');
  });
}

/**
 * Applies the navigation, popup and certificate rules to one window of an item (the item's own window or
 * one of its popups) and keeps its title on the trusted strip for the top-level URL.
 */
/** Counts the popups of one request's windows against {@link MAX_POPUPS_PER_REQUEST}. */
interface PopupBudget {
  opened: number;
}

function sealWindow(window: BrowserWindow, partition: string, firstHref: string, popups: PopupBudget): void {
  const contents = window.webContents;
  let strip = stripTitle(firstHref);
  const showStrip = (title: string): void => {
    strip = title;
    if (!window.isDestroyed()) window.setTitle(strip);
  };

  const refuseUnlessAllowed = (event: { url: string; preventDefault(): void }): void => {
    if (allowedPageHref(event.url) === null) event.preventDefault();
  };
  contents.on('will-navigate', refuseUnlessAllowed);
  contents.on('will-redirect', refuseUnlessAllowed);
  contents.on('will-frame-navigate', (event) => {
    if (!mayFrameNavigate(event.url, event.isMainFrame)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // A page cannot keep the user from closing its window (a `beforeunload` handler is ignored).
  contents.on('will-prevent-unload', (event) => event.preventDefault());

  contents.setWindowOpenHandler(({ url }) => {
    const href = allowedPageHref(url);
    if (href === null || popups.opened >= MAX_POPUPS_PER_REQUEST) return { action: 'deny' };
    popups.opened++;
    return { action: 'allow', outlivesOpener: false, overrideBrowserWindowOptions: popupWindowOptions(partition, href) };
  });
  contents.on('did-create-window', (popup, details) => sealWindow(popup, partition, details.url, popups));

  contents.on('certificate-error', (event, url, _error, _certificate, callback, isMainFrame) => {
    event.preventDefault();
    callback(false);
    if (isMainFrame) showStrip(certificateErrorTitle(url));
  });
  contents.on('select-client-certificate', (event, _url, _list, callback) => {
    event.preventDefault();
    (callback as (certificate?: Certificate) => void)();
  });

  contents.on('did-navigate', (_event, url) => showStrip(stripTitle(url)));
  contents.on('did-navigate-in-page', (_event, url, isMainFrame) => {
    if (isMainFrame) showStrip(stripTitle(url));
  });
  window.on('page-title-updated', (event) => {
    event.preventDefault();
    showStrip(strip);
  });
}

interface ItemWindow {
  window: BrowserWindow;
  session: Session;
  /** Set by `close(itemId)`, so the `closed` event does not report a user close. */
  closedByApp: boolean;
}

/**
 * Creates the opener the hub uses for consented URL-mode pages (spec E-URL-5, E-URL-8).
 *
 * `open(itemId, url, mode)`: refuses (logs, opens nothing) unless `url` is `https:` or loopback `http:`.
 * `app-window` focuses the item's window if it is still open, otherwise opens a new one in a new partition;
 * `system-browser` calls `shell.openExternal` with the re-serialised URL. `close(itemId)` closes the item's
 * window without reporting it; a window the user closes is reported to the `onClosedByUser` listeners.
 * All three return nothing.
 */
export function createUrlOpener(electron: UrlOpenerElectron, options: UrlOpenerOptions = {}): UrlOpener {
  const log = options.log ?? (() => {});
  const windows = new Map<string, ItemWindow>();
  const closedListeners = new Set<(itemId: string) => void>();

  const openWindow = (itemId: string, href: string): void => {
    const existing = windows.get(itemId);
    if (existing && !existing.window.isDestroyed()) {
      if (existing.window.isMinimized()) existing.window.restore();
      existing.window.show();
      existing.window.focus();
      return;
    }
    const partition = `${PARTITION_PREFIX}${randomUUID()}`;
    const window = new electron.BrowserWindow(itemWindowOptions(partition, href));
    const session = window.webContents.session;
    sealSession(session);
    sealWindow(window, partition, href, { opened: 0 });
    const entry: ItemWindow = { window, session, closedByApp: false };
    windows.set(itemId, entry);
    window.on('closed', () => {
      if (windows.get(itemId) === entry) windows.delete(itemId);
      wipeSession(session, log);
      if (!entry.closedByApp) closedListeners.forEach((listener) => listener(itemId));
    });
    window.loadURL(href).catch((error: unknown) => {
      log(`A URL-mode page on ${hostForLog(href)} did not load: ${errorForLog(error)}`);
    });
  };

  const openInSystemBrowser = (href: string): void => {
    electron.shell.openExternal(href).catch((error: unknown) => {
      log(`The system browser could not open the page on ${hostForLog(href)}: ${errorForLog(error)}`);
    });
  };

  return {
    open(itemId: string, url: string, mode: UrlOpenMode): void {
      const href = allowedPageHref(url);
      if (href === null) {
        log(`Refused to open a URL-mode page for item ${itemId}: only https and loopback http are allowed.`);
        return;
      }
      if (mode === 'app-window') openWindow(itemId, href);
      else if (mode === 'system-browser') openInSystemBrowser(href);
      else log(`Refused to open a URL-mode page for item ${itemId}: unknown mode.`);
    },
    close(itemId: string): void {
      const entry = windows.get(itemId);
      if (!entry) return;
      windows.delete(itemId);
      entry.closedByApp = true;
      // `destroy` rather than `close`: the page gets no say (no `beforeunload`), and `closed` still fires.
      if (!entry.window.isDestroyed()) entry.window.destroy();
    },
    onClosedByUser(listener: (itemId: string) => void): void {
      closedListeners.add(listener);
    },
  };
}
