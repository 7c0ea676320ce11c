import { beforeEach, describe, expect, it } from 'vitest';
import { createMainWindow, type BrowserWindowClass, type MainWindowOptions } from '../../electron/main/main-window';
import { FakeBrowserWindow, fakeEvent } from './fake-electron';

const options: MainWindowOptions = {
  preloadPath: '/app/out/preload/index.cjs',
  url: 'app://switchboard/index.html',
  allowedOrigin: 'app://switchboard',
  devTools: false,
};

function openWindow(overrides: Partial<MainWindowOptions> = {}): FakeBrowserWindow {
  createMainWindow(FakeBrowserWindow as unknown as BrowserWindowClass, { ...options, ...overrides });
  const window = FakeBrowserWindow.created.at(-1);
  if (!window) throw new Error('no window was created');
  return window;
}

function navigate(window: FakeBrowserWindow, eventName: 'will-navigate' | 'will-redirect', url: string): boolean {
  const event = fakeEvent({ url });
  window.webContents.emit(eventName, event, url);
  return event.defaultPrevented;
}

describe('main window', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = [];
    FakeBrowserWindow.failLoadWith = null;
  });

  it('is created sandboxed, context-isolated, without Node integration, webviews or relaxed web security', () => {
    const prefs = openWindow().options.webPreferences;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it('uses the given preload bundle and nothing else as its preload', () => {
    const prefs = openWindow().options.webPreferences;
    expect(prefs?.preload).toBe('/app/out/preload/index.cjs');
  });

  it('turns the developer tools off when asked to', () => {
    expect(openWindow({ devTools: false }).options.webPreferences?.devTools).toBe(false);
    expect(openWindow({ devTools: true }).options.webPreferences?.devTools).toBe(true);
  });

  it('is titled Switchboard and stays hidden until it is ready to show', () => {
    const window = openWindow();
    expect(window.options.title).toBe('Switchboard');
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('loads the app page it was given', () => {
    expect(openWindow().loadedUrls).toEqual(['app://switchboard/index.html']);
  });

  it('denies every window.open from the page', () => {
    const handler = openWindow().webContents.windowOpenHandler;
    expect(handler).not.toBeNull();
    expect(handler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: 'app://switchboard/index.html' })).toEqual({ action: 'deny' });
  });

  it('prevents navigation to a foreign origin', () => {
    const window = openWindow();
    expect(navigate(window, 'will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(navigate(window, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate(window, 'will-navigate', 'app://other/index.html')).toBe(true);
    expect(navigate(window, 'will-navigate', 'not a url')).toBe(true);
  });

  it('allows navigation within the app origin, such as a reload', () => {
    const window = openWindow();
    expect(navigate(window, 'will-navigate', 'app://switchboard/index.html')).toBe(false);
  });

  it('prevents redirects to a foreign origin', () => {
    const window = openWindow();
    expect(navigate(window, 'will-redirect', 'https://evil.example/')).toBe(true);
    expect(navigate(window, 'will-redirect', 'app://switchboard/index.html')).toBe(false);
  });

  it('trusts the dev server origin instead when that is the allowed origin', () => {
    const window = openWindow({ url: 'http://localhost:5173/', allowedOrigin: 'http://localhost:5173' });
    expect(navigate(window, 'will-navigate', 'http://localhost:5173/index.html')).toBe(false);
    expect(navigate(window, 'will-navigate', 'http://localhost:5174/')).toBe(true);
    expect(navigate(window, 'will-navigate', 'app://switchboard/index.html')).toBe(true);
  });

  it('prevents attaching a webview', () => {
    const event = fakeEvent();
    openWindow().webContents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('reports a page that fails to load as a plain sentence', async () => {
    FakeBrowserWindow.failLoadWith = new Error('ERR_FILE_NOT_FOUND (-6) loading app://switchboard/index.html');
    const messages: string[] = [];
    openWindow({ onLoadError: (message) => messages.push(message) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(messages).toEqual([
      'The Switchboard window could not load its page: ERR_FILE_NOT_FOUND (-6) loading app://switchboard/index.html',
    ]);
  });
});
