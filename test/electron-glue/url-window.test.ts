import type { Shell } from 'electron';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UrlOpener } from '../../electron/core/url-opener';
import type { BrowserWindowClass } from '../../electron/main/main-window';
import { createUrlOpener } from '../../electron/main/url-window';
import { MAX_POPUPS_PER_REQUEST } from '../../electron/core/budgets';
import { FakeBrowserWindow, FakeShell, fakeEvent } from './fake-electron';

const SIGN_IN = 'https://accounts.example.com/authorize?client=abc#frag';

interface Setup {
  opener: UrlOpener;
  shell: FakeShell;
  logs: string[];
}

function setup(): Setup {
  const shell = new FakeShell();
  const logs: string[] = [];
  const opener = createUrlOpener(
    {
      BrowserWindow: FakeBrowserWindow as unknown as BrowserWindowClass,
      shell: shell as unknown as Pick<Shell, 'openExternal'>,
    },
    { log: (line) => logs.push(line) },
  );
  return { opener, shell, logs };
}

/** Opens `url` for `itemId` in an app window and returns the window the opener created. */
function openWindow(opener: UrlOpener, itemId = 'item-1', url = SIGN_IN): FakeBrowserWindow {
  const before = FakeBrowserWindow.created.length;
  opener.open(itemId, url, 'app-window');
  expect(FakeBrowserWindow.created).toHaveLength(before + 1);
  return FakeBrowserWindow.created[before];
}

function partitionOf(window: FakeBrowserWindow): string {
  return window.options.webPreferences?.partition as string;
}

/** Plays a navigation event of `kind` on `window` and says whether the glue let it through. */
function navigationAllowed(
  window: FakeBrowserWindow,
  kind: 'will-navigate' | 'will-redirect' | 'will-frame-navigate',
  url: string,
  isMainFrame = true,
): boolean {
  const event = fakeEvent({ url, isMainFrame });
  window.webContents.emit(kind, event);
  return !event.defaultPrevented;
}

const BLOCKED_URLS = [
  'http://example.com/',
  'http://192.168.1.10/callback',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<h1>hi</h1>',
  'blob:https://accounts.example.com/1234',
  'about:blank',
  'slack://open',
  'vscode://file/etc/passwd',
  'not a url',
];

beforeEach(() => {
  FakeBrowserWindow.created = [];
  FakeBrowserWindow.failLoadWith = null;
});

describe('the sealed app window', () => {
  it('opens a new window whose preferences are sandboxed, isolated, without Node, webview, devtools or preload', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    const prefs = window.options.webPreferences ?? {};
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      devTools: false,
      safeDialogs: true,
      spellcheck: false,
      javascript: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(prefs.preload).toBeUndefined();
    expect(prefs.additionalArguments).toBeUndefined();
    expect(window.options).toMatchObject({ show: true, autoHideMenuBar: true });
    expect(window.options.parent).toBeUndefined();
    expect(window.options.modal).toBeUndefined();
    expect(window.loadedUrls).toEqual([SIGN_IN]);
  });

  it('gives each item a fresh in-memory partition of its own', () => {
    // spec E-URL-5, architecture rule 5
    const { opener } = setup();
    const first = partitionOf(openWindow(opener, 'item-1'));
    const second = partitionOf(openWindow(opener, 'item-2'));
    for (const partition of [first, second]) {
      expect(partition).toMatch(/^url-item-[0-9a-f-]{36}$/);
      expect(partition.startsWith('persist:')).toBe(false);
    }
    expect(first).not.toBe(second);
  });

  it('opens a new window in a new partition when an item is reopened after its window closed', () => {
    // spec E-URL-5, E-URL-6 (Reopen)
    const { opener } = setup();
    const first = openWindow(opener);
    first.close();
    const second = openWindow(opener);
    expect(second).not.toBe(first);
    expect(partitionOf(second)).not.toBe(partitionOf(first));
  });

  it('shows and focuses the existing window when an item is reopened while it is open', () => {
    // spec E-URL-6 (Reopen)
    const { opener } = setup();
    const window = openWindow(opener);
    window.minimized = true;
    window.shown = false;
    opener.open('item-1', SIGN_IN, 'app-window');
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(window.minimized).toBe(false);
    expect(window.shown).toBe(true);
    expect(window.focused).toBe(true);
    expect(window.loadedUrls).toEqual([SIGN_IN]);
  });

  it('loads the URL re-serialised by the URL parser', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener, 'item-1', 'HTTPS://Accounts.Example.COM/sign in?x=1');
    expect(window.loadedUrls).toEqual(['https://accounts.example.com/sign%20in?x=1']);
  });

  it('opens nothing for a URL that is not https or loopback http, even if the core passed it', () => {
    // spec E-URL-4 (defence in depth)
    const { opener, shell, logs } = setup();
    for (const url of BLOCKED_URLS) {
      opener.open('item-1', url, 'app-window');
      opener.open('item-1', url, 'system-browser');
    }
    expect(FakeBrowserWindow.created).toEqual([]);
    expect(shell.opened).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain('passwd');
  });

  it('logs a failed load with the host only, never the full URL', async () => {
    // spec E-PRIV-1. Chromium's message repeats the whole URL; only its code may reach the log.
    const href = 'https://accounts.example.com/authorize?client=abc&state=s3cr3t-state';
    FakeBrowserWindow.failLoadWith = Object.assign(new Error(`ERR_NAME_NOT_RESOLVED (-105) loading '${href}'`), { code: 'ERR_NAME_NOT_RESOLVED', errno: -105, url: href });
    const { opener, logs } = setup();
    openWindow(opener);
    await vi.waitFor(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toContain('accounts.example.com');
    expect(logs[0]).toContain('ERR_NAME_NOT_RESOLVED');
    expect(logs[0]).not.toContain('client=abc');
    expect(logs[0]).not.toContain('/authorize');
  });

  it('logs a failed load without a code with every URL in its message cut to the host', async () => {
    // spec E-PRIV-1
    FakeBrowserWindow.failLoadWith = new Error("could not load 'https://accounts.example.com/authorize?client=abc' (token=abcdef123456)");
    const { opener, logs } = setup();
    openWindow(opener);
    await vi.waitFor(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toContain('https://accounts.example.com/…');
    expect(logs[0]).not.toContain('client=abc');
    expect(logs[0]).not.toContain('abcdef123456');
  });
});

describe('navigation inside the sealed window', () => {
  it('lets the page go to https anywhere and to http on loopback', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    for (const url of [
      'https://other.example/next',
      'http://127.0.0.1:8123/callback?code=1',
      'http://localhost/callback',
      'http://[::1]:3000/done',
    ]) {
      for (const kind of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
        expect(navigationAllowed(window, kind, url), `${kind} ${url}`).toBe(true);
      }
    }
  });

  it('blocks navigations and redirects to http elsewhere, file:, javascript:, data: and custom schemes', () => {
    // spec E-URL-4, E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    for (const url of BLOCKED_URLS) {
      for (const kind of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
        expect(navigationAllowed(window, kind, url), `${kind} ${url}`).toBe(false);
      }
    }
  });

  it('lets a subframe hold about:blank or about:srcdoc but never a blocked scheme', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    expect(navigationAllowed(window, 'will-frame-navigate', 'about:blank', false)).toBe(true);
    expect(navigationAllowed(window, 'will-frame-navigate', 'about:srcdoc', false)).toBe(true);
    expect(navigationAllowed(window, 'will-frame-navigate', 'about:srcdoc', true)).toBe(false);
    expect(navigationAllowed(window, 'will-frame-navigate', 'javascript:alert(1)', false)).toBe(false);
    expect(navigationAllowed(window, 'will-frame-navigate', 'file:///etc/passwd', false)).toBe(false);
  });

  it('prevents webviews and lets no page keep its window from closing', () => {
    // architecture rule 5
    const { opener } = setup();
    const window = openWindow(opener);
    const attach = fakeEvent();
    window.webContents.emit('will-attach-webview', attach, {}, {});
    expect(attach.defaultPrevented).toBe(true);
    const unload = fakeEvent();
    window.webContents.emit('will-prevent-unload', unload);
    expect(unload.defaultPrevented).toBe(true);
  });
});

describe('popups from the sealed window', () => {
  it('allows an https popup in the same partition with the same sealed preferences', () => {
    // spec E-URL-5: popups stay inside the partition
    const { opener } = setup();
    const window = openWindow(opener);
    const response = window.webContents.windowOpenHandler?.({ url: 'https://accounts.example.com/popup' });
    expect(response?.action).toBe('allow');
    expect(response?.outlivesOpener).toBe(false);
    const prefs = response?.overrideBrowserWindowOptions?.webPreferences;
    expect(prefs).toEqual(window.options.webPreferences);
    expect(prefs?.partition).toBe(partitionOf(window));
    expect(prefs?.preload).toBeUndefined();
  });

  it('allows a loopback http popup and denies javascript:, file:, data:, custom schemes and http elsewhere', () => {
    // spec E-URL-4, E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    expect(window.webContents.windowOpenHandler?.({ url: 'http://127.0.0.1:9000/cb' }).action).toBe('allow');
    for (const url of BLOCKED_URLS) {
      expect(window.webContents.windowOpenHandler?.({ url }), url).toEqual({ action: 'deny' });
    }
  });

  it('seals the popup window like its opener', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    const response = window.webContents.windowOpenHandler?.({ url: 'https://idp.example/popup' });
    const popup = new FakeBrowserWindow(response?.overrideBrowserWindowOptions ?? {});
    window.webContents.emit('did-create-window', popup, { url: 'https://idp.example/popup' });
    expect(popup.title).toBe('🔒 idp.example');
    expect(navigationAllowed(popup, 'will-navigate', 'file:///etc/passwd')).toBe(false);
    expect(navigationAllowed(popup, 'will-navigate', 'https://idp.example/next')).toBe(true);
    const nested = popup.webContents.windowOpenHandler?.({ url: 'https://idp.example/nested' });
    expect(nested?.overrideBrowserWindowOptions?.webPreferences?.partition).toBe(partitionOf(window));
    expect(popup.webContents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    const callback = vi.fn();
    popup.webContents.emit('certificate-error', fakeEvent(), 'https://idp.example/', 'net::ERR_CERT_DATE_INVALID', {}, callback, true);
    expect(callback).toHaveBeenCalledWith(false);
  });
});

describe('the sealed partition', () => {
  it('denies every permission request and check', async () => {
    // architecture rule 5
    const { opener } = setup();
    const session = openWindow(opener).webContents.session;
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'clipboard-sanitized-write', 'openExternal', 'fullscreen']) {
      expect(await session.request(permission, SIGN_IN), permission).toBe(false);
      expect(session.checkHandler?.(null, permission, 'https://accounts.example.com', {}), permission).toBe(false);
    }
    expect(session.deviceHandler?.({ deviceType: 'usb', origin: 'https://accounts.example.com' })).toBe(false);
    expect(session.spellCheckerEnabled).toBe(false);
  });

  it('cancels downloads', () => {
    // architecture rule 5
    const { opener } = setup();
    const session = openWindow(opener).webContents.session;
    const event = fakeEvent();
    session.emit('will-download', event, {}, null);
    expect(event.defaultPrevented).toBe(true);
  });

  it('refuses a certificate error and says so in the title', () => {
    // spec E-URL-5 (trusted strip)
    const { opener } = setup();
    const window = openWindow(opener);
    const callback = vi.fn();
    const event = fakeEvent();
    window.webContents.emit('certificate-error', event, 'https://bad.example/', 'net::ERR_CERT_AUTHORITY_INVALID', {}, callback, true);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    expect(event.defaultPrevented).toBe(true);
    expect(window.title).toBe('⚠ Certificate error — page refused (bad.example)');
    window.emit('page-title-updated', fakeEvent(), 'Totally secure', true);
    expect(window.title).toBe('⚠ Certificate error — page refused (bad.example)');
  });

  it('never sends a client certificate', () => {
    // architecture rule 5
    const { opener } = setup();
    const window = openWindow(opener);
    const callback = vi.fn();
    const event = fakeEvent();
    window.webContents.emit('select-client-certificate', event, SIGN_IN, [{ subjectName: 'me' }], callback);
    expect(event.defaultPrevented).toBe(true);
    expect(callback).toHaveBeenCalledExactlyOnceWith();
  });
});

describe('the trusted strip (window title)', () => {
  it('shows the lock and host, and follows top-level navigations', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    expect(window.title).toBe('🔒 accounts.example.com');
    window.webContents.emit('did-navigate', fakeEvent(), 'http://127.0.0.1:8123/callback', 200, 'OK');
    expect(window.title).toBe('⚠ 127.0.0.1:8123 (not encrypted)');
    window.webContents.emit('did-navigate-in-page', fakeEvent(), 'https://xn--bcher-kva.example/#step2', true, 1, 1);
    expect(window.title).toBe('🔒 xn--bcher-kva.example');
    window.webContents.emit('did-navigate-in-page', fakeEvent(), 'https://ads.example/#frame', false, 1, 2);
    expect(window.title).toBe('🔒 xn--bcher-kva.example');
  });

  it('keeps the page from setting the window title', () => {
    // spec E-URL-5
    const { opener } = setup();
    const window = openWindow(opener);
    const event = fakeEvent();
    window.emit('page-title-updated', event, '🔒 bank.example — Sign in', true);
    expect(event.defaultPrevented).toBe(true);
    expect(window.title).toBe('🔒 accounts.example.com');
  });
});

describe('closing the sealed window', () => {
  it('wipes the partition when the window closes', async () => {
    // architecture rule 5
    const { opener } = setup();
    const window = openWindow(opener);
    const session = window.webContents.session;
    expect(session.cleared).toEqual([]);
    window.close();
    expect([...session.cleared].sort()).toEqual(['auth', 'cache', 'connections', 'storage']);
  });

  it('reports a window the user closed, and not one the app closed', () => {
    // spec E-URL-6, E-URL-8
    const { opener } = setup();
    const closed: string[] = [];
    opener.onClosedByUser?.((itemId) => closed.push(itemId));
    openWindow(opener, 'by-user').close();
    const byApp = openWindow(opener, 'by-app');
    opener.close('by-app');
    expect(byApp.destroyedByApp).toBe(true);
    expect(byApp.isDestroyed()).toBe(true);
    expect(byApp.webContents.session.cleared).toContain('storage');
    expect(closed).toEqual(['by-user']);
  });

  it('forgets a closed window: closing again is a no-op and reopening creates a new one', () => {
    // spec E-URL-8
    const { opener } = setup();
    const first = openWindow(opener);
    opener.close('item-1');
    opener.close('item-1');
    opener.close('never-opened');
    const second = openWindow(opener);
    expect(second).not.toBe(first);
    expect(second.isDestroyed()).toBe(false);
  });
});

describe('the system browser', () => {
  it('opens the re-serialised URL with shell.openExternal and creates no window', () => {
    // spec E-URL-5 ("open in my browser")
    const { opener, shell } = setup();
    opener.open('item-1', 'HTTPS://Accounts.Example.COM/sign in', 'system-browser');
    opener.open('item-2', 'http://localhost:8080/cb', 'system-browser');
    expect(shell.opened).toEqual(['https://accounts.example.com/sign%20in', 'http://localhost:8080/cb']);
    expect(FakeBrowserWindow.created).toEqual([]);
  });

  it('refuses javascript: and every scheme but https and loopback http', () => {
    // spec E-URL-4 (defence in depth)
    const { opener, shell } = setup();
    opener.open('item-1', 'javascript:alert(1)', 'system-browser');
    opener.open('item-1', 'http://example.com/', 'system-browser');
    opener.open('item-1', 'file:///etc/passwd', 'system-browser');
    expect(shell.opened).toEqual([]);
  });

  it('has nothing to close and reports nothing', () => {
    // spec E-URL-8
    const { opener, shell } = setup();
    const closed: string[] = [];
    opener.onClosedByUser?.((itemId) => closed.push(itemId));
    opener.open('item-1', SIGN_IN, 'system-browser');
    opener.close('item-1');
    expect(shell.opened).toHaveLength(1);
    expect(closed).toEqual([]);
  });
});

describe('nothing reaches the page', () => {
  it('exports only the factory', async () => {
    // architecture rule 5
    const module = await import('../../electron/main/url-window');
    expect(Object.keys(module)).toEqual(['createUrlOpener']);
  });

  it('hands out an opener with only open, close and onClosedByUser, all returning nothing', () => {
    // architecture rule 5
    const { opener } = setup();
    expect(Object.keys(opener).sort()).toEqual(['close', 'onClosedByUser', 'open']);
    expect(opener.open('item-1', SIGN_IN, 'app-window')).toBeUndefined();
    expect(opener.open('item-1', SIGN_IN, 'app-window')).toBeUndefined();
    expect(opener.onClosedByUser?.(() => {})).toBeUndefined();
    expect(opener.close('item-1')).toBeUndefined();
  });

  it('never reads the page, injects code, or talks to it over IPC', () => {
    // architecture rule 5
    for (const file of ['url-window.ts', 'url-window-policy.ts']) {
      const source = readFileSync(join(__dirname, '../../electron/main', file), 'utf8');
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const forbidden of [
        /executeJavaScript/,
        /insertCSS/,
        /\bipc/i,
        /\.send\(/,
        /\.cookies\b/,
        /capturePage/,
        /savePage/,
        /\.debugger\b/,
        /getURL/,
        /openDevTools/,
        /contextBridge/,
        /\bexport\s+(const|let|class|default)\b/,
      ]) {
        expect(code, `${file} uses ${forbidden}`).not.toMatch(forbidden);
      }
      expect(code, `${file} sets a preload`).not.toMatch(/preload:(?!\s*undefined\b)/);
    }
  });

  it("denies popups past MAX_POPUPS_PER_REQUEST for one request, its popups' popups included", () => {
    // spec E-URL-5: the page stays inside its sealed partition and cannot flood the screen with windows.
    const { opener } = setup();
    const window = openWindow(opener);
    const first = window.webContents.windowOpenHandler?.({ url: 'https://idp.example/one' });
    const popup = new FakeBrowserWindow(first?.overrideBrowserWindowOptions ?? {});
    window.webContents.emit('did-create-window', popup, { url: 'https://idp.example/one' });
    const answers = [];
    for (let i = 1; i < MAX_POPUPS_PER_REQUEST + 3; i++) {
      const from = i % 2 ? popup : window;
      answers.push(from.webContents.windowOpenHandler?.({ url: `https://idp.example/${i}` }).action);
    }
    expect(answers.filter((action) => action === 'allow')).toHaveLength(MAX_POPUPS_PER_REQUEST - 1);
    expect(answers.at(-1)).toBe('deny');
    // Another request's window has a budget of its own.
    const other = openWindow(opener, 'item-2');
    expect(other.webContents.windowOpenHandler?.({ url: 'https://idp.example/x' }).action).toBe('allow');
  });
});
