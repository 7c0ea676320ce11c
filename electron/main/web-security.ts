/**
 * Hardening shared by every window (style: "deny window.open and navigation globally unless a window opts
 * in"): no popups, no webviews, no navigation away from the page's own origin, no permissions, no downloads.
 */
import type { App, Session, WebContents, WebPreferences } from 'electron';
import { isSameOrigin, originOf } from './url-origin';

/**
 * The web preferences every Switchboard window starts from: sandboxed, context-isolated, no Node in any
 * frame or worker, no webviews, no insecure content. Each window adds only what it needs on top (its
 * preload or partition, devtools), so the security baseline lives in one place.
 */
export const HARDENED_WEB_PREFERENCES: Readonly<WebPreferences> = Object.freeze({
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
});

/** The one permission our own pages may use: writing plain text to the clipboard (e.g. "copy my draft"). */
const OWN_ORIGIN_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/**
 * Denies `window.open` and `<webview>` on every web contents the app ever creates. A window that needs
 * popups (the URL-mode window keeps them inside its own partition) replaces the open handler itself.
 */
export function installWebContentsDefaults(app: Pick<App, 'on'>): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/**
 * Locks one web contents to `allowedOrigin` (e.g. `app://switchboard`): `window.open` is denied, and
 * navigations or redirects to any other origin are prevented. Same-origin navigations (a reload) proceed.
 */
export function guardWebContents(contents: WebContents, allowedOrigin: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => {
    if (!isSameOrigin(event.url, allowedOrigin)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isSameOrigin(event.url, allowedOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Answers every permission request and check of `session` with "no", and cancels every download.
 * The single exception: `clipboard-sanitized-write` when asked by a page of `ownOrigin` (when given).
 */
export function denyPermissions(session: Session, ownOrigin?: string): void {
  const allowed = (permission: string, requestingUrl: string | undefined): boolean =>
    ownOrigin !== undefined && OWN_ORIGIN_PERMISSIONS.has(permission) && isSameOrigin(requestingUrl, ownOrigin);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(allowed(permission, 'requestingUrl' in details ? details.requestingUrl : undefined));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowed(permission, originOf(requestingOrigin) ?? undefined),
  );
  session.on('will-download', (event) => event.preventDefault());
}
