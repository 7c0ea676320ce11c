/**
 * The main window: one sandboxed, context-isolated page of our own origin with the preload's
 * `window.switchboard` as its only door to the main process.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { HARDENED_WEB_PREFERENCES, guardWebContents } from './web-security';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, type Bounds, type WindowState } from './window-state';

/** The `BrowserWindow` class, passed in so tests can hand a recording fake. */
export type BrowserWindowClass = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

export interface MainWindowOptions {
  /** Absolute path of the built preload, `out/preload/index.cjs`. */
  preloadPath: string;
  /** The page to load: `app://switchboard/index.html`, or the dev server URL under `electron-vite dev`. */
  url: string;
  /** Origin the page may navigate within and talk to main from, e.g. `app://switchboard`. */
  allowedOrigin: string;
  /** Whether the developer tools can be opened (off in a packaged app). */
  devTools: boolean;
  /** Called when the page fails to load, with a plain sentence. */
  onLoadError?: (message: string) => void;
  /** Where to open (window-state.ts `placeWindow`); without it, the default size, centred. */
  placement?: { bounds: Partial<Bounds> & { width: number; height: number }; maximized: boolean };
}

/** The constructor options of the main window: sandbox on, context isolation on, no Node, no webview. */
export function mainWindowOptions(options: MainWindowOptions): BrowserWindowConstructorOptions {
  return {
    title: 'Switchboard',
    ...(options.placement?.bounds ?? DEFAULT_WINDOW_SIZE),
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    backgroundColor: '#1e1e1e',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: options.preloadPath, devTools: options.devTools },
  };
}

/**
 * Creates the main window, locks its web contents to `options.allowedOrigin` (no popups, no foreign
 * navigation), shows it once it has painted, and starts loading `options.url`.
 */
export function createMainWindow(BrowserWindowCtor: BrowserWindowClass, options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindowCtor(mainWindowOptions(options));
  guardWebContents(window.webContents, options.allowedOrigin);
  window.once('ready-to-show', () => {
    if (options.placement?.maximized) window.maximize();
    window.show();
  });
  window.loadURL(options.url).catch((error: unknown) => {
    options.onLoadError?.(`The Switchboard window could not load its page: ${(error as Error).message}`);
  });
  return window;
}

/**
 * Remembers `window`'s normal bounds and maximized state: saved half a second after the last move or
 * resize, and when it closes. `save` failures are logged, never thrown.
 */
export function trackWindowState(
  window: Pick<BrowserWindow, 'on' | 'isDestroyed' | 'getNormalBounds' | 'isMaximized'>,
  save: (state: WindowState) => void,
  log: (line: string) => void,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    if (window.isDestroyed()) return;
    try {
      save({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      log(`could not save the window's position: ${(error as Error).message}`);
    }
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(write, 500);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event as 'resize', soon);
  window.on('close', write);
}
