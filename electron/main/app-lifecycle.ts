/**
 * The app's lifecycle: hardening before `ready`, single instance, the hub (with its config store, attention
 * sink and link opener), the IPC binding, the main window, and a quit that waits for the agents to stop.
 * Takes the Electron API as a parameter so the glue tests can run it against a recording fake.
 */
import { redactLogLine } from '../core/agents/redact';
import type { App, BrowserWindow, Dialog, IpcMain, Menu, Protocol, Screen, Session, Shell, WebContents } from 'electron';
import { join } from 'node:path';
import { FileConfigStore } from '../core/config/config-store';
import type { HubOptions } from '../core/hub-options';
import type { MenuCommand } from '../../shared/bridge';
import { loadOrCreateAgentsConfig } from './agents-config-file';
import { resolveAppPaths } from './app-paths';
import { aboutCredits, shippedLicences } from './about';
import { buildMenuTemplate, type AppCommand } from './app-menu';
import { AppSettingsFile } from './app-settings';
import { bringToFront, createAttentionSink, revealInMainWindow, type NotificationClass } from './attention';
import { APP_ENTRY_URL, APP_ORIGIN, handleAppProtocol, registerAppScheme } from './app-protocol';
import { bindBridge, createSenderCheck, type BridgeHub } from './ipc-binding';
import { createMainWindow, trackWindowState, type BrowserWindowClass } from './main-window';
import { watchRenderer } from './renderer-recovery';
import { createWaitingTray, type TrayApi } from './tray';
import { trayTooltip } from './tray-text';
import { updatesOffReason } from './update-policy';
import { updatesUnavailableReason } from '../core/update-availability';
import { startUpdater, type RunningUpdater, type UpdaterLike } from './updater';
import { utilityDemoAgent, type UtilityProcessApi } from './utility-agent';
import { placeWindow, WindowStateFile } from './window-state';
import { createFolderPicker } from './folder-picker';
import { createOpenExternal } from './open-external';
import { installQuitGuard } from './quit-guard';
import { firstRefusedSwitch } from './launch-switches';
import { originOf } from './url-origin';
import { createUrlOpener } from './url-window';
import { denyPermissions, installWebContentsDefaults } from './web-security';

/** The pieces of the `electron` module the lifecycle uses. */
export interface ElectronMainApi {
  app: App;
  BrowserWindow: BrowserWindowClass;
  dialog: Pick<Dialog, 'showErrorBox' | 'showMessageBox' | 'showOpenDialog'>;
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>;
  session: { readonly defaultSession: Session };
  /** Opens consented URL-mode pages and links from agent messages in the system browser. */
  shell: Pick<Shell, 'openExternal'>;
  /** OS notifications for requests that arrive while the main window is not in front. */
  Notification: NotificationClass;
  /** Runs the built-in demo agent (release builds have no run-as-Node binary). */
  utilityProcess: UtilityProcessApi;
  /** The application menu. */
  Menu: Pick<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu'>;
  /** The tray (menu-bar) icon with the waiting count. */
  Tray: TrayApi['Tray'];
  nativeImage: TrayApi['nativeImage'];
  /** Displays' work areas, to put the window back where it was (after `ready`). */
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>;
}

/** Windows ties notifications to this id; it matches `appId` in `electron-builder.yml`. */
export const APP_USER_MODEL_ID = 'dev.switchboard.app';

/** The hub as the lifecycle drives it (`electron/core/hub.ts` satisfies it). */
export interface LifecycleHub extends BridgeHub {
  /** Starts the agents once the window has its first snapshot (or after a fallback wait); see Hub.startAfterFirstSnapshot. */
  startAfterFirstSnapshot(): void;
  stop(): Promise<void>;
  /** Asks the renderer to bring an item into view (its notification was clicked). */
  focusItem(itemId: string): void;
  /** Passes a native-menu command to the renderer. */
  menuCommand(command: MenuCommand): void;
  /** Waiting requests' ids, oldest first (the tray opens the oldest). */
  waitingItemIds(): string[];
  /** A form holds an unsent draft (the updater never restarts then). */
  hasOpenDraft(): boolean;
}

export interface StartOptions {
  /** Folder of the main bundle (`out/main`); the preload, renderer and demo agent are found from it. */
  mainDir: string;
  /** `process.env.ELECTRON_RENDERER_URL` (set by `electron-vite dev`); ignored in a packaged app. */
  rendererDevUrl?: string;
  /** `process.resourcesPath` in a packaged app (tray images, app-update.yml); ignored when unpackaged. */
  resourcesPath?: string;
  /** electron-updater's `autoUpdater` (index.ts); null where updates can never run. */
  updater?: UpdaterLike | null;
  /** Whether `<resources>/app-update.yml` exists, i.e. the build has a feed (default: false). */
  hasUpdateFeed?: boolean;
  /** Linux: how this copy was installed (update-policy.ts `linuxInstallKind`); an `other` copy never updates. */
  linuxInstall?: 'appimage' | 'package' | 'other';
  /** `process.versions`, for the About panel. */
  versions?: { electron?: string; chrome?: string; node?: string };
  /** `process.platform`. */
  platform: NodeJS.Platform;
  createHub: (options: HubOptions) => LifecycleHub;
  log: (line: string) => void;
  /** Longest wait for the agents to stop when quitting, in milliseconds (default 5000). */
  stopTimeoutMs?: number;
}

/**
 * Starts Switchboard. Before `ready`: refuses debugging and sandbox-disabling switches in a packaged build
 * (launch-switches.ts), honours `--user-data-dir`, registers the `app:` scheme, enables the
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
  if (app.isPackaged) {
    const refused = firstRefusedSwitch((name) => app.commandLine.hasSwitch(name));
    if (refused) {
      log(`not starting: --${refused} is refused in a release build`);
      app.exit(1);
      return;
    }
  }
  const userDataDir = app.commandLine.getSwitchValue('user-data-dir');
  if (userDataDir) app.setPath('userData', userDataDir);
  registerAppScheme(electron.protocol);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  if (options.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  const paths = resolveAppPaths(options.mainDir, app.isPackaged ? (options.resourcesPath ?? null) : null);
  const devUrl = app.isPackaged ? undefined : options.rendererDevUrl;
  const entryUrl = devUrl || APP_ENTRY_URL;
  const allowedOrigin = originOf(entryUrl) ?? APP_ORIGIN;
  let hub: LifecycleHub | null = null;
  let mainWindow: BrowserWindow | null = null;
  let updater: RunningUpdater | null = null;
  let tray: ReturnType<typeof createWaitingTray> | null = null;
  const windowState = new WindowStateFile(join(app.getPath('userData'), 'window-state.json'));
  const mainWebContents = (): WebContents | null =>
    mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null;

  const openMainWindow = (): BrowserWindow => {
    const workAreas = [electron.screen.getPrimaryDisplay(), ...electron.screen.getAllDisplays()].map((d) => d.workArea);
    const window = createMainWindow(electron.BrowserWindow, {
      preloadPath: paths.preload,
      url: entryUrl,
      allowedOrigin,
      devTools: !app.isPackaged,
      placement: placeWindow(windowState.load(), workAreas),
      onLoadError: (message) => {
        log(message);
        dialog.showErrorBox('Switchboard could not open its window', message);
      },
    });
    trackWindowState(window, (state) => windowState.save(state), log);
    watchRenderer(window, { log, onGiveUp: (message) => dialog.showErrorBox('Switchboard', message) });
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
      // No window of ours checks spelling; an enabled checker would fetch dictionaries from the network.
      electron.session.defaultSession.setSpellCheckerEnabled(false);
      handleAppProtocol(electron.protocol, paths.rendererRoot);
      const configPath = join(app.getPath('userData'), 'agents.json');
      const { config, startedInvalid } = await loadOrCreateAgentsConfig(configPath, (title, content) =>
        dialog.showErrorBox(title, content),
      );
      const revealOptions = {
        getMainWindow: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null),
        reopenMainWindow: () => (hub ? openMainWindow() : null),
        focusItem: (itemId: string) => hub?.focusItem(itemId),
      };
      const osAttention = createAttentionSink(
        { app, Notification: electron.Notification },
        { platform: options.platform, ...revealOptions, log: log },
      );
      // The app's own preferences; the Settings view and the menu's checkbox change them through one function.
      const settingsFile = new AppSettingsFile(join(app.getPath('userData'), 'settings.json'));
      let settings = settingsFile.load();
      // The one answer to "can this copy update?": the Settings view, the menu and the log all follow it.
      const unavailable = updatesUnavailableReason({
        kind: 'app',
        isPackaged: app.isPackaged,
        hasFeed: options.hasUpdateFeed === true,
        platform: options.platform,
        ...(options.linuxInstall ? { linuxInstall: options.linuxInstall } : {}),
      });
      const updatesPossible = unavailable === null && !!options.updater;
      const settingsView = () => ({ autoUpdates: settings.autoUpdates, ...(unavailable === null ? {} : { updatesUnavailable: unavailable }) });
      const created = options.createHub({
        appSettings: {
          read: settingsView,
          update: (patch) => {
            if (patch.autoUpdates !== undefined && patch.autoUpdates !== settings.autoUpdates) setAutoUpdates(patch.autoUpdates);
            return settingsView();
          },
        },
        config,
        // The demo agent keeps its own sessions in the user-data folder.
        builtinAgents: {
          demo: { ...utilityDemoAgent(electron.utilityProcess, paths.demoAgent), env: { DEMO_AGENT_DATA_DIR: join(app.getPath('userData'), 'demo-agent') } },
        },
        historyFile: join(app.getPath('userData'), 'history.sqlite'),
        defaultCwd: app.getPath('home'),
        log: log,
        urlOpener: createUrlOpener({ BrowserWindow: electron.BrowserWindow, shell: electron.shell }, { log: log }),
        configStore: new FileConfigStore(configPath, startedInvalid),
        // The OS (notification, badge, flash), the tray's count, and the updater's "is the user busy?".
        attention: {
          itemArrived: (info) => osAttention.itemArrived(info),
          waitingCount: (count) => {
            osAttention.waitingCount(count);
            tray?.update(count);
            updater?.workChanged();
            // Windows has no badge count: a dot over the taskbar button, the count in its description.
            if (options.platform === 'win32' && mainWindow && !mainWindow.isDestroyed()) {
              mainWindow.setOverlayIcon(count > 0 ? electron.nativeImage.createFromPath(join(paths.trayIcons, 'badge.png')) : null, trayTooltip(count));
            }
          },
        },
        openExternal: createOpenExternal(electron.shell, log),
        pickFolder: createFolderPicker(dialog, () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null)),
      });
      hub = created;
      bindBridge(electron.ipcMain, created, createSenderCheck(mainWebContents, allowedOrigin), mainWebContents);
      // The window first; the agents and their workers start once it has its first snapshot (Hub.startAfterFirstSnapshot).
      openMainWindow();
      created.startAfterFirstSnapshot();

      const showWaiting = (pick: (ids: string[]) => string | undefined) => revealInMainWindow(revealOptions, pick(created.waitingItemIds()));
      const disabled = updatesOffReason(unavailable, settings.autoUpdates);
      const startUpdates = () => {
        if (!updatesPossible || !options.updater || updater) return;
        updater = startUpdater(options.updater, {
          openWork: () => ({ waiting: created.waitingItemIds().length, draftOpen: created.hasOpenDraft() }),
          askToRestart: async (version) => {
            const window = revealOptions.getMainWindow();
            const box = {
              type: 'info' as const,
              buttons: ['Restart Now', 'Later'],
              defaultId: 0,
              cancelId: 1,
              message: `Switchboard ${version} is ready to install.`,
              detail: 'Restarting stops your agents for a moment; they start again with the app. Choose Later to install it when you next quit.',
            };
            const { response } = await (window ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box));
            return response === 0;
          },
          upToDate: () => void dialog.showMessageBox({ type: 'info', message: 'Switchboard is up to date.', buttons: ['OK'] }),
          log,
        });
      };
      if (disabled) log(disabled);
      else startUpdates();

      const run = (command: AppCommand) => {
        switch (command) {
          case 'about':
            return app.showAboutPanel();
          case 'checkForUpdates':
            startUpdates();
            return updater?.checkNow();
          default:
            // Next / Previous waiting request too: the renderer knows which card has focus and moves on from it.
            revealInMainWindow(revealOptions);
            return created.menuCommand(command);
        }
      };
      const installMenu = () =>
        electron.Menu.setApplicationMenu(
          electron.Menu.buildFromTemplate(
            buildMenuTemplate({
              platform: options.platform,
              devTools: !app.isPackaged,
              updatesAvailable: updatesPossible,
              autoUpdates: settings.autoUpdates,
              run,
              setAutoUpdates,
            }),
          ),
        );
      /** The one way the setting changes (menu checkbox or Settings view): saved, acted on, the menu redrawn. */
      function setAutoUpdates(enabled: boolean): void {
        settings = { ...settings, autoUpdates: enabled };
        try {
          settingsFile.save(settings);
        } catch (error) {
          log(`could not save settings: ${(error as Error).message}`);
        }
        if (!updatesPossible) return;
        if (enabled) startUpdates();
        else {
          updater?.stop();
          updater = null;
        }
        installMenu();
      }
      installMenu();
      app.setAboutPanelOptions({
        applicationName: 'Switchboard',
        applicationVersion: app.getVersion(),
        copyright: 'Copyright © Switchboard contributors',
        credits: aboutCredits(shippedLicences(app.getAppPath()), options.versions ?? {}),
      });
      try {
        tray = createWaitingTray(electron, {
          platform: options.platform,
          iconDir: paths.trayIcons,
          openOldest: () => showWaiting((ids) => ids[0]),
          showWindow: () => revealInMainWindow(revealOptions),
          quit: () => app.quit(),
        });
        tray.update(created.waitingItemIds().length);
      } catch (error) {
        // Some Linux desktops have no tray; the badge, notifications and window title still count.
        log(`no tray icon: ${(error as Error).message}`);
      }
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      log(`Startup failed: ${message}`);
      dialog.showErrorBox('Switchboard could not start', message);
      app.quit();
    });
}
