/**
 * The app's lifecycle: hardening before `ready`, single instance, the hub (with its config store, attention
 * sink and link opener), the IPC binding, the main window, and a quit that waits for the agents to stop.
 * Takes the Electron API as a parameter so the glue tests can run it against a recording fake.
 */
import { redactLogLine } from '../core/agents/redact';
import type { App, BrowserWindow, Dialog, IpcMain, Protocol, Session, Shell, WebContents } from 'electron';
import { join } from 'node:path';
import { FileConfigStore } from '../core/config-store';
import type { HubOptions } from '../core/hub';
import { loadOrCreateAgentsConfig } from './agents-config-file';
import { resolveAppPaths } from './app-paths';
import { bringToFront, createAttentionSink, type NotificationClass } from './attention';
import { APP_ENTRY_URL, APP_ORIGIN, handleAppProtocol, registerAppScheme } from './app-protocol';
import { bindBridge, createSenderCheck, type BridgeHub } from './ipc-binding';
import { createMainWindow, type BrowserWindowClass } from './main-window';
import { createFolderPicker } from './folder-picker';
import { createOpenExternal } from './open-external';
import { installQuitGuard } from './quit-guard';
import { originOf } from './url-origin';
import { createUrlOpener } from './url-window';
import { denyPermissions, installWebContentsDefaults } from './web-security';

/** The pieces of the `electron` module the lifecycle uses. */
export interface ElectronMainApi {
  app: App;
  BrowserWindow: BrowserWindowClass;
  dialog: Pick<Dialog, 'showErrorBox' | 'showOpenDialog'>;
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>;
  session: { readonly defaultSession: Session };
  /** Opens consented URL-mode pages and links from agent messages in the system browser. */
  shell: Pick<Shell, 'openExternal'>;
  /** OS notifications for requests that arrive while the main window is not in front. */
  Notification: NotificationClass;
}

/** Windows ties notifications to this id; it matches `appId` in `electron-builder.yml`. */
export const APP_USER_MODEL_ID = 'dev.switchboard.app';

/** The hub as the lifecycle drives it (`electron/core/hub.ts` satisfies it). */
export interface LifecycleHub extends BridgeHub {
  start(): void;
  stop(): Promise<void>;
  /** Asks the renderer to bring an item into view (its notification was clicked). */
  focusItem(itemId: string): void;
}

export interface StartOptions {
  /** Folder of the main bundle (`out/main`); the preload, renderer and demo agent are found from it. */
  mainDir: string;
  /** `process.env.ELECTRON_RENDERER_URL` (set by `electron-vite dev`); ignored in a packaged app. */
  rendererDevUrl?: string;
  /** The Electron executable, run with `ELECTRON_RUN_AS_NODE=1` for the demo agent (`process.execPath`). */
  execPath: string;
  /** `process.platform`. */
  platform: NodeJS.Platform;
  createHub: (options: HubOptions) => LifecycleHub;
  log: (line: string) => void;
  /** Longest wait for the agents to stop when quitting, in milliseconds (default 5000). */
  stopTimeoutMs?: number;
}

/**
 * Starts Switchboard. Before `ready`: honours `--user-data-dir`, registers the `app:` scheme, enables the
 * sandbox for every renderer, takes the single-instance lock (quits at once without it), sets the Windows
 * app user model id (notifications need it). On `ready`: denies permissions, serves `out/renderer` on
 * `app://switchboard/`, loads `<userData>/agents.json`, creates the hub (saving edits back to that file,
 * notifying through the OS, opening links in the system browser), binds and starts it, opens the main
 * window. Quitting stops the hub first.
 */
export function startSwitchboard(electron: ElectronMainApi, options: StartOptions): void {
  const { app, dialog } = electron;
  // Every line from the glue, the hub and the URL window passes here: no keys, no full URLs (spec E-PRIV-1).
  const log = (line: string): void => options.log(redactLogLine(line));
  const userDataDir = app.commandLine.getSwitchValue('user-data-dir');
  if (userDataDir) app.setPath('userData', userDataDir);
  registerAppScheme(electron.protocol);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  if (options.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  const paths = resolveAppPaths(options.mainDir);
  const devUrl = app.isPackaged ? undefined : options.rendererDevUrl;
  const entryUrl = devUrl || APP_ENTRY_URL;
  const allowedOrigin = originOf(entryUrl) ?? APP_ORIGIN;
  let hub: LifecycleHub | null = null;
  let mainWindow: BrowserWindow | null = null;
  const mainWebContents = (): WebContents | null =>
    mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null;

  const openMainWindow = (): BrowserWindow => {
    const window = createMainWindow(electron.BrowserWindow, {
      preloadPath: paths.preload,
      url: entryUrl,
      allowedOrigin,
      devTools: !app.isPackaged,
      onLoadError: (message) => {
        log(message);
        dialog.showErrorBox('Switchboard could not open its window', message);
      },
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
      // URL-mode windows are independent, so `window-all-closed` would wait for them: closing the main
      // window quits by itself (except on macOS, where the app stays in the dock).
      if (options.platform !== 'darwin') app.quit();
    });
    mainWindow = window;
    return window;
  };

  installWebContentsDefaults(app);
  app.on('session-created', (session) => denyPermissions(session));
  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      if (hub) openMainWindow();
      return;
    }
    bringToFront(mainWindow);
  });
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (hub && !mainWindow) openMainWindow();
  });
  installQuitGuard(app, () => (hub ? hub.stop() : Promise.resolve()), {
    timeoutMs: options.stopTimeoutMs ?? 5000,
    log: log,
  });

  app
    .whenReady()
    .then(async () => {
      denyPermissions(electron.session.defaultSession, allowedOrigin);
      handleAppProtocol(electron.protocol, paths.rendererRoot);
      const configPath = join(app.getPath('userData'), 'agents.json');
      const { config, startedInvalid } = await loadOrCreateAgentsConfig(configPath, (title, content) =>
        dialog.showErrorBox(title, content),
      );
      const created = options.createHub({
        config,
        builtinAgents: {
          demo: { command: options.execPath, args: [paths.demoAgent], env: { ELECTRON_RUN_AS_NODE: '1' } },
        },
        defaultCwd: app.getPath('home'),
        log: log,
        urlOpener: createUrlOpener({ BrowserWindow: electron.BrowserWindow, shell: electron.shell }, { log: log }),
        configStore: new FileConfigStore(configPath, startedInvalid),
        attention: createAttentionSink(
          { app, Notification: electron.Notification },
          {
            platform: options.platform,
            getMainWindow: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null),
            reopenMainWindow: () => (hub ? openMainWindow() : null),
            focusItem: (itemId) => hub?.focusItem(itemId),
            log: log,
          },
        ),
        openExternal: createOpenExternal(electron.shell, log),
        pickFolder: createFolderPicker(dialog, () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null)),
      });
      hub = created;
      bindBridge(electron.ipcMain, created, createSenderCheck(mainWebContents, allowedOrigin), mainWebContents);
      created.start();
      openMainWindow();
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      log(`Startup failed: ${message}`);
      dialog.showErrorBox('Switchboard could not start', message);
      app.quit();
    });
}
