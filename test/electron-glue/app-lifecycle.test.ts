import type { IpcMainInvokeEvent } from 'electron';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL, type BridgeEvent } from '../../shared/bridge';
import { defaultAgentsConfig } from '../../electron/core/config/config';
import { FileConfigStore } from '../../electron/core/config/config-store';
import type { HubOptions } from '../../electron/core/hub-options';
import {
  startSwitchboard,
  type ElectronMainApi,
  type LifecycleHub,
  type StartOptions,
} from '../../electron/main/app-lifecycle';
import {
  FakeApp,
  FakeBrowserWindow,
  FakeIpcMain,
  FakeNotification,
  FakeProtocol,
  FakeSession,
  FakeShell,
  fakeEvent,
  fakeInstalledAppApi,
  FakeMenu,
  FakeTray,
  type FakeMenuItem,
} from './fake-electron';
import { EventEmitter } from 'node:events';
import { HANG_RELOAD_MS } from '../../electron/main/renderer-recovery';
import { FIRST_CHECK_DELAY_MS } from '../../electron/main/update-policy';

class RecordingHub implements LifecycleHub {
  started = false;
  stopped = false;
  listeners: Array<(events: BridgeEvent[]) => void> = [];
  readonly focusedItems: string[] = [];
  constructor(
    readonly options: HubOptions,
    private readonly calls: string[],
  ) {}
  startAfterFirstSnapshot(): void {
    this.calls.push('hub.start');
    this.started = true;
  }
  async stop(): Promise<void> {
    this.calls.push('hub.stop');
    this.stopped = true;
  }
  async invoke(command: string): Promise<unknown> {
    return { ran: command };
  }
  focusItem(itemId: string): void {
    this.focusedItems.push(itemId);
  }
  readonly menuCommands: string[] = [];
  waiting: string[] = [];
  draftOpen = false;
  menuCommand(command: string): void {
    this.menuCommands.push(command);
  }
  waitingItemIds(): string[] {
    return [...this.waiting];
  }
  hasOpenDraft(): boolean {
    return this.draftOpen;
  }
  subscribe(listener: (events: BridgeEvent[]) => void): () => void {
    this.calls.push('hub.subscribe');
    this.listeners.push(listener);
    return () => {};
  }
}

interface Harness {
  app: FakeApp;
  ipcMain: FakeIpcMain;
  protocol: FakeProtocol;
  defaultSession: FakeSession;
  shell: FakeShell;
  errors: Array<{ title: string; content: string }>;
  calls: string[];
  hubs: RecordingHub[];
  installed: ReturnType<typeof fakeInstalledAppApi>;
  /** Every message box shown, and the button index the next ones answer with. */
  messageBoxes: Array<{ message: string; buttons?: string[] }>;
  messageBoxResponse: number;
}

let userData: string;

function start(overrides: Partial<StartOptions> = {}, setup?: (app: FakeApp) => void): Harness {
  const calls: string[] = [];
  const app = new FakeApp({ userData, home: '/home/me' }, calls);
  setup?.(app);
  const harness: Harness = {
    app,
    ipcMain: new FakeIpcMain(),
    protocol: new FakeProtocol(calls),
    defaultSession: new FakeSession(),
    shell: new FakeShell(),
    errors: [],
    calls,
    hubs: [],
    installed: fakeInstalledAppApi(),
    messageBoxes: [],
    messageBoxResponse: 1,
  };
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    dialog: {
      showErrorBox: (title: string, content: string) => harness.errors.push({ title, content }),
      showMessageBox: async (...args: unknown[]) => {
        harness.messageBoxes.push(args.at(-1) as { message: string; buttons?: string[] });
        return { response: harness.messageBoxResponse, checkboxChecked: false };
      },
    },
    ipcMain: harness.ipcMain,
    protocol: harness.protocol,
    session: { defaultSession: harness.defaultSession },
    shell: harness.shell,
    Notification: FakeNotification,
    ...harness.installed,
  } as unknown as ElectronMainApi;
  startSwitchboard(electron, {
    mainDir: '/opt/switchboard/out/main',
    platform: 'linux',
    createHub: (options) => {
      const hub = new RecordingHub(options, calls);
      harness.hubs.push(hub);
      return hub;
    },
    log: () => {},
    ...overrides,
  });
  return harness;
}

async function startReady(overrides: Partial<StartOptions> = {}, setup?: (app: FakeApp) => void): Promise<Harness> {
  const harness = start(overrides, setup);
  harness.app.becomeReady();
  await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
  return harness;
}

/** Turning automatic updates off and on again in Settings starts no check in a copy that cannot update. */
function expectNoChecksWhenTurnedOn(appSettings: NonNullable<Harness['hubs'][number]['options']['appSettings']>, updater: { readonly checks: number }): void {
  appSettings.update({ autoUpdates: false });
  appSettings.update({ autoUpdates: true });
  vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS * 2);
  expect(updater.checks).toBe(0);
}

function mainWindow(): FakeBrowserWindow {
  const window = FakeBrowserWindow.created[0];
  if (!window) throw new Error('no main window');
  return window;
}

describe('app lifecycle', () => {
  beforeEach(() => {
    userData = mkdtempSync(join(tmpdir(), 'switchboard-userdata-'));
    FakeBrowserWindow.created = [];
    FakeBrowserWindow.failLoadWith = null;
    FakeNotification.created = [];
    FakeNotification.supported = true;
  });
  afterEach(() => rmSync(userData, { recursive: true, force: true }));

  it('registers the app scheme and enables the sandbox before the app is ready', async () => {
    const { calls } = await startReady();
    expect(calls.indexOf('registerSchemesAsPrivileged')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(calls.indexOf('ready'));
    expect(calls.indexOf('enableSandbox')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('enableSandbox')).toBeLessThan(calls.indexOf('ready'));
    expect(calls.indexOf('handle:app')).toBeGreaterThan(calls.indexOf('ready'));
  });

  it('quits at once, creating no hub and no window, when another instance holds the lock', async () => {
    const harness = start({}, (app) => {
      app.hasLock = false;
    });
    expect(harness.app.quitted).toBe(true);
    harness.app.becomeReady();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.hubs).toEqual([]);
    expect(FakeBrowserWindow.created).toEqual([]);
    expect(harness.ipcMain.handlers.size).toBe(0);
  });

  it('refuses a debugging or sandbox-disabling switch in a packaged build before anything starts', async () => {
    // docs/security.md, "Fuses": no debugger attached to a release build, no renderer without its sandbox.
    for (const name of ['remote-debugging-port', 'inspect', 'no-sandbox']) {
      const harness = start({}, (app) => {
        app.isPackaged = true;
        app.switches[name] = name === 'no-sandbox' ? '' : '9222';
      });
      expect(harness.app.exitCode, name).toBe(1);
      expect(harness.calls).not.toContain('enableSandbox');
      harness.app.becomeReady();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(harness.hubs).toEqual([]);
      expect(FakeBrowserWindow.created).toEqual([]);
    }
  });

  it("accepts those switches in a development run, and turns the default session's spellchecker off", async () => {
    const { app, defaultSession } = await startReady({}, (fakeApp) => {
      fakeApp.switches['remote-debugging-port'] = '9222';
    });
    expect(app.exitCode).toBeNull();
    expect(defaultSession.spellCheckerEnabled).toBe(false);
  });

  it('honours --user-data-dir before taking the single-instance lock', async () => {
    const other = mkdtempSync(join(tmpdir(), 'switchboard-other-'));
    try {
      const { app, calls } = await startReady({}, (fakeApp) => {
        fakeApp.switches['user-data-dir'] = other;
      });
      expect(app.paths.userData).toBe(other);
      expect(calls.indexOf('setPath:userData')).toBeLessThan(calls.indexOf('requestSingleInstanceLock'));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('creates the hub with the demo agent as a utility process spoken to over its port, and the default config', async () => {
    const { hubs, installed } = await startReady();
    expect(hubs).toHaveLength(1);
    const options = hubs[0].options;
    const demo = options.builtinAgents.demo;
    // Not the app binary as Node: release builds turn the runAsNode fuse off.
    expect(demo).not.toHaveProperty('command');
    if (!('start' in demo)) throw new Error('the demo agent should start over a transport');
    const agent = demo.start({ env: { FROM_CONFIG: '1' }, cwd: '/tmp' });
    const [child] = installed.utilityProcess.forked;
    expect(child.modulePath).toBe(join('/opt/switchboard/out/main', 'demo-agent.js'));
    expect(child.options).toMatchObject({ serviceName: 'Switchboard demo agent', stdio: ['ignore', 'ignore', 'pipe'], cwd: '/tmp' });
    expect((child.options.env as Record<string, string>).FROM_CONFIG).toBe('1');
    // ACP bytes go out as port messages and come back as the agent's stdout; stopping ends the stream.
    const writer = agent.stdin.getWriter();
    await writer.write(new TextEncoder().encode('{"jsonrpc":"2.0"}\n'));
    expect(child.posted).toEqual([new TextEncoder().encode('{"jsonrpc":"2.0"}\n')]);
    const reader = agent.stdout.getReader();
    child.reply(new TextEncoder().encode('{"id":0}\n'));
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"id":0}\n');
    child.stderr.emit('data', Buffer.from('[demo-agent] ready'));
    expect(agent.stderrText()).toContain('[demo-agent] ready');
    const stopped = agent.stop();
    expect(child.posted.at(-1)).toBeNull();
    child.emit('exit', 0);
    expect(await stopped).toMatchObject({ code: 0, message: 'The demo agent exited.' });
    // The demo agent keeps its own sessions, and Switchboard its history, in the user-data folder.
    expect(demo.env).toEqual({ DEMO_AGENT_DATA_DIR: join(userData, 'demo-agent') });
    expect(options.historyFile).toBe(join(userData, 'history.sqlite'));
    expect(options.defaultCwd).toBe('/home/me');
    expect(options.config.agents.map((agent) => agent.name)).toEqual(['Demo agent']);
  });

  it('binds the bridge, then has the hub start the agents once the window has its first snapshot', async () => {
    const { calls, ipcMain, hubs } = await startReady();
    expect([...ipcMain.handlers.keys()]).toEqual([IPC_INVOKE_CHANNEL]);
    expect(hubs[0].started).toBe(true);
    expect(calls.indexOf('hub.subscribe')).toBeLessThan(calls.indexOf('hub.start'));
  });

  it('opens the main window on app://switchboard/index.html with the built preload', async () => {
    await startReady();
    const window = mainWindow();
    expect(window.loadedUrls).toEqual(['app://switchboard/index.html']);
    expect(window.options.webPreferences?.preload).toBe(join('/opt/switchboard/out', 'preload', 'index.cjs'));
    expect(window.options.webPreferences?.sandbox).toBe(true);
  });

  it('answers commands from the main window and refuses them from any other page', async () => {
    const { ipcMain } = await startReady();
    const handler = ipcMain.handlers.get(IPC_INVOKE_CHANNEL)!;
    const contents = mainWindow().webContents;
    const fromMain = { sender: contents, senderFrame: contents.mainFrame } as unknown as IpcMainInvokeEvent;
    await expect(handler(fromMain, 'getSnapshot', {})).resolves.toEqual({ ok: true, value: { ran: 'getSnapshot' } });
    const stranger = new FakeBrowserWindow({}).webContents;
    const fromStranger = { sender: stranger, senderFrame: stranger.mainFrame } as unknown as IpcMainInvokeEvent;
    await expect(handler(fromStranger, 'getSnapshot', {})).resolves.toMatchObject({ ok: false });
  });

  it('forwards hub events to the main window while it exists', async () => {
    const { hubs } = await startReady();
    const window = mainWindow();
    const events: BridgeEvent[] = [{ type: 'itemRemoved', itemId: 'i1' }];
    hubs[0].listeners[0](events);
    expect(window.webContents.sent).toEqual([{ channel: IPC_EVENTS_CHANNEL, args: [events] }]);
    window.close();
    hubs[0].listeners[0](events);
    expect(window.webContents.sent).toHaveLength(1);
  });

  it('loads the dev server in development and trusts only its origin', async () => {
    const { ipcMain } = await startReady({ rendererDevUrl: 'http://localhost:5173/' });
    const window = mainWindow();
    expect(window.loadedUrls).toEqual(['http://localhost:5173/']);
    const navigation = fakeEvent({ url: 'app://switchboard/index.html' });
    window.webContents.emit('will-navigate', navigation);
    expect(navigation.defaultPrevented).toBe(true);
    const contents = window.webContents;
    const frame = { url: 'http://localhost:5173/', parent: null };
    const answer = await ipcMain.handlers.get(IPC_INVOKE_CHANNEL)!(
      { sender: contents, senderFrame: frame } as unknown as IpcMainInvokeEvent,
      'getSnapshot',
      {},
    );
    expect(answer).toMatchObject({ ok: true });
  });

  it('ignores the dev server URL in a packaged app', async () => {
    await startReady({ rendererDevUrl: 'http://localhost:5173/' }, (app) => {
      app.isPackaged = true;
    });
    expect(mainWindow().loadedUrls).toEqual(['app://switchboard/index.html']);
    expect(mainWindow().options.webPreferences?.devTools).toBe(false);
  });

  it('denies permissions in the default session and in every session created later', async () => {
    const { app, defaultSession } = await startReady();
    expect(await defaultSession.request('media', 'app://switchboard/index.html')).toBe(false);
    const later = new FakeSession();
    app.emit('session-created', later);
    expect(await later.request('geolocation', 'https://login.example/')).toBe(false);
  });

  it('shows an invalid config in an error box and starts with the demo agent', async () => {
    writeFileSync(join(userData, 'agents.json'), '{ not json');
    const { errors, hubs } = await startReady();
    expect(errors.map((error) => error.title)).toEqual(['Switchboard could not use your agents config']);
    expect(hubs[0].options.config.agents.map((agent) => agent.id)).toEqual(['demo']);
  });

  it('stops the hub before the app quits', async () => {
    const { app, hubs, calls } = await startReady();
    app.quit();
    expect(app.quitted).toBe(false);
    await vi.waitFor(() => expect(app.quitted).toBe(true));
    expect(hubs[0].stopped).toBe(true);
    expect(calls.filter((call) => call === 'hub.stop')).toHaveLength(1);
  });

  it('focuses the existing window when a second instance starts', async () => {
    const { app } = await startReady();
    const window = mainWindow();
    window.minimized = true;
    app.emit('second-instance', fakeEvent(), [], '/');
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
  });

  it('quits when the last window closes, except on macOS', async () => {
    const linux = await startReady();
    linux.app.emit('window-all-closed');
    expect(linux.app.quitRequests).toBe(1);

    FakeBrowserWindow.created = [];
    const mac = await startReady({ platform: 'darwin' });
    mac.app.emit('window-all-closed');
    expect(mac.app.quitRequests).toBe(0);
  });

  it('reopens the main window on activate once the previous one was closed', async () => {
    const { app } = await startReady({ platform: 'darwin' });
    mainWindow().close();
    app.emit('activate', fakeEvent(), false);
    expect(FakeBrowserWindow.created).toHaveLength(2);
    app.emit('activate', fakeEvent(), true);
    expect(FakeBrowserWindow.created).toHaveLength(2);
  });

  it('gives the hub a URL opener that opens sealed windows and the system browser, never the main window', async () => {
    // spec E-URL-5
    const { hubs, shell } = await startReady();
    const opener = hubs[0].options.urlOpener;
    expect(opener).toBeDefined();
    opener?.open('item-1', 'https://accounts.example.com/authorize', 'app-window');
    expect(FakeBrowserWindow.created).toHaveLength(2);
    const urlWindow = FakeBrowserWindow.created[1];
    expect(urlWindow.options.webPreferences?.partition).toMatch(/^url-item-/);
    expect(urlWindow.options.webPreferences?.preload).toBeUndefined();
    opener?.open('item-2', 'https://accounts.example.com/authorize', 'system-browser');
    expect(shell.opened).toEqual(['https://accounts.example.com/authorize']);
    opener?.close('item-1');
    expect(urlWindow.isDestroyed()).toBe(true);
    expect(mainWindow().isDestroyed()).toBe(false);
    expect(mainWindow().loadedUrls).toEqual(['app://switchboard/index.html']);
  });

  it('quits when the main window closes even while a URL-mode window is open, except on macOS', async () => {
    const linux = await startReady();
    linux.hubs[0].options.urlOpener?.open('item-1', 'https://accounts.example.com/', 'app-window');
    mainWindow().close();
    expect(linux.app.quitRequests).toBe(1);

    FakeBrowserWindow.created = [];
    const mac = await startReady({ platform: 'darwin' });
    mainWindow().close();
    expect(mac.app.quitRequests).toBe(0);
  });

  it('reopens the main window when a second instance starts after it was closed', async () => {
    const { app } = await startReady({ platform: 'darwin' });
    mainWindow().close();
    app.emit('second-instance', fakeEvent(), [], '/');
    expect(FakeBrowserWindow.created).toHaveLength(2);
    expect(FakeBrowserWindow.created[1].loadedUrls).toEqual(['app://switchboard/index.html']);
  });

  it('saves edits from the app to <userData>/agents.json through a FileConfigStore', async () => {
    const { hubs } = await startReady();
    const store = hubs[0].options.configStore;
    expect(store).toBeInstanceOf(FileConfigStore);
    const edited = { ...defaultAgentsConfig(), agents: [{ ...defaultAgentsConfig().agents[0], name: 'Renamed demo' }] };
    await store?.save(edited);
    expect(JSON.parse(readFileSync(join(userData, 'agents.json'), 'utf8')).agents[0].name).toBe('Renamed demo');
    expect(readdirSync(userData).sort()).toEqual(['agents.json']);
  });

  it('moves an invalid config aside on the first save instead of overwriting it', async () => {
    writeFileSync(join(userData, 'agents.json'), '{ not json');
    const { hubs } = await startReady();
    await hubs[0].options.configStore?.save(defaultAgentsConfig());
    const files = readdirSync(userData).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toBe('agents.json');
    expect(files[1]).toMatch(/^agents\.json\.invalid-\d+$/);
    expect(readFileSync(join(userData, files[1]), 'utf8')).toBe('{ not json');
    expect(JSON.parse(readFileSync(join(userData, 'agents.json'), 'utf8'))).toEqual(defaultAgentsConfig());
  });

  it('notifies about a request only while the main window is not focused, and a click focuses the item', async () => {
    const { hubs, app } = await startReady();
    const window = mainWindow();
    window.show();
    window.focus();
    const attention = hubs[0].options.attention!;
    attention.itemArrived({ itemId: 'item-1', agentId: 'demo', agentName: 'Demo agent', kind: 'form', count: 1 });
    expect(FakeNotification.created).toEqual([]);

    window.blur();
    window.minimized = true;
    attention.itemArrived({ itemId: 'item-2', agentId: 'demo', agentName: 'Demo agent', kind: 'url', count: 1 });
    expect(FakeNotification.created.map((n) => n.options)).toEqual([
      { title: 'Switchboard', body: 'Demo agent is asking you to open a page', silent: false },
    ]);
    expect(window.flashes).toEqual([true]);
    attention.waitingCount(2);
    expect(app.badgeCounts).toEqual([2]);

    FakeNotification.created[0].click();
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
    expect(hubs[0].focusedItems).toEqual(['item-2']);
    expect(window.flashes).toEqual([true, false]);
  });

  it('opens links from agent messages in the system browser, and only web pages', async () => {
    const { hubs, shell } = await startReady();
    const openExternal = hubs[0].options.openExternal!;
    openExternal('https://example.com/docs');
    expect(() => openExternal('javascript:alert(1)')).toThrow();
    expect(() => openExternal('file:///etc/passwd')).toThrow();
    expect(shell.opened).toEqual(['https://example.com/docs']);
  });

  it('sets the Windows app user model id before ready, and only on Windows', async () => {
    const windows = await startReady({ platform: 'win32' });
    expect(windows.app.appUserModelId).toBe('dev.switchboard.app');
    FakeBrowserWindow.created = [];
    const linux = await startReady();
    expect(linux.app.appUserModelId).toBeNull();
  });

  describe('the basics of an installed app', () => {
    beforeEach(() => {
      FakeMenu.applicationMenu = null;
      FakeTray.created = [];
    });
    const menuItem = (label: string): FakeMenuItem => {
      const item = FakeMenu.applicationMenu?.find(label);
      if (!item) throw new Error(`no menu item "${label}"`);
      return item;
    };

    it('installs the application menu; its commands reach the renderer, Next / Previous waiting request included', async () => {
      const { hubs } = await startReady();
      const hub = hubs[0];
      menuItem('New Session').click!({ checked: false });
      menuItem('Add Agent…').click!({ checked: false });
      mainWindow().minimized = true;
      menuItem('Next Waiting Request').click!({ checked: false });
      menuItem('Previous Waiting Request').click!({ checked: false });
      // The renderer moves from the card in focus; the window comes forward for it.
      expect(hub.menuCommands).toEqual(['newSession', 'addAgent', 'nextWaitingRequest', 'previousWaitingRequest']);
      expect(mainWindow().minimized).toBe(false);
      // Unpackaged: developer tools are in the View menu; no update items (updates are off here).
      expect(FakeMenu.applicationMenu!.find('Check for Updates…')).toBeUndefined();
    });

    it('About shows the version and the shipped packages’ licences', async () => {
      const { app } = await startReady({ versions: { electron: '45.5.0', chrome: '1', node: '2' } }, (fake) => {
        fake.paths.appPath = process.cwd();
      });
      menuItem('About Switchboard').click!({ checked: false });
      expect(app.aboutPanelShown).toBe(1);
      expect(app.aboutPanelOptions).toMatchObject({ applicationName: 'Switchboard', applicationVersion: '0.1.0' });
      expect(String(app.aboutPanelOptions!.credits)).toMatch(/Electron 45\.5\.0[\s\S]*zod \S+ \(MIT\)/);
    });

    it('keeps a tray icon with the waiting count; clicking it opens the oldest request', async () => {
      const { hubs } = await startReady({ platform: 'darwin' });
      const [tray] = FakeTray.created;
      expect(tray.image.path).toBe(join('/opt/switchboard/build/tray', 'trayTemplate.png'));
      expect(tray.image.template).toBe(true);
      hubs[0].waiting = ['first', 'second'];
      hubs[0].options.attention!.waitingCount(2);
      expect(tray.title).toBe('2');
      expect(tray.tooltip).toBe('Switchboard: 2 requests waiting for you');
      mainWindow().minimized = true;
      tray.emit('click');
      expect(mainWindow().minimized).toBe(false);
      expect(hubs[0].focusedItems).toEqual(['first']);
    });

    it('marks the Windows taskbar button while requests wait, with the count in its description', async () => {
      const { hubs } = await startReady({ platform: 'win32' });
      hubs[0].options.attention!.waitingCount(3);
      hubs[0].options.attention!.waitingCount(0);
      expect(mainWindow().overlays).toEqual([
        { image: join('/opt/switchboard/build/tray', 'badge.png'), description: 'Switchboard: 3 requests waiting for you' },
        { image: null, description: 'Switchboard: nothing waiting for you' },
      ]);
    });

    it('remembers the window’s bounds and reopens there', async () => {
      await startReady();
      const first = mainWindow();
      first.normalBounds = { x: 40, y: 50, width: 1000, height: 640 };
      first.maximized = true;
      first.emit('close');
      first.close();
      FakeBrowserWindow.created = [];
      await startReady();
      expect(mainWindow().options).toMatchObject({ x: 40, y: 50, width: 1000, height: 640 });
      mainWindow().emit('ready-to-show');
      expect(mainWindow().maximized).toBe(true);
    });

    it('reloads a crashed renderer, not a cleanly closed one, and ends a hung one', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        await startReady();
        const contents = mainWindow().webContents;
        contents.emit('render-process-gone', fakeEvent(), { reason: 'clean-exit', exitCode: 0 });
        expect(contents.reloads).toBe(0);
        contents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 139 });
        expect(contents.reloads).toBe(1);
        mainWindow().emit('unresponsive');
        vi.advanceTimersByTime(HANG_RELOAD_MS - 1);
        mainWindow().emit('responsive');
        vi.advanceTimersByTime(HANG_RELOAD_MS);
        expect(contents.crashes).toBe(0);
        mainWindow().emit('unresponsive');
        vi.advanceTimersByTime(HANG_RELOAD_MS);
        expect(contents.crashes).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    });

    it('stops reloading a renderer that keeps crashing, and says so once', async () => {
      const { errors } = await startReady();
      const contents = mainWindow().webContents;
      for (let i = 0; i < 5; i++) contents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 });
      expect(contents.reloads).toBe(3);
      expect(errors.filter((e) => e.content.includes('keeps failing'))).toHaveLength(1);
    });

    class FakeUpdater extends EventEmitter {
      autoDownload = false;
      autoInstallOnAppQuit = false;
      logger: unknown = 'default';
      checks = 0;
      installs = 0;
      checkForUpdates(): Promise<unknown> {
        this.checks += 1;
        return Promise.resolve(null);
      }
      quitAndInstall(): void {
        this.installs += 1;
      }
    }

    it('never checks for updates in an unpackaged run', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
      try {
        const updater = new FakeUpdater();
        const harness = await startReady({ updater, hasUpdateFeed: true });
        vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS * 2);
        expect(updater.checks).toBe(0);
        // The Settings view says so, and turning the setting on there does not start checks here.
        const appSettings = harness.hubs[0].options.appSettings!;
        expect(appSettings.read()).toEqual({ autoUpdates: true, updatesUnavailable: 'This is a development run of Switchboard, so it never checks for updates.' });
        expectNoChecksWhenTurnedOn(appSettings, updater);
      } finally {
        vi.useRealTimers();
      }
    });

    it('never checks in a packaged Linux copy that electron-updater cannot replace, and says so in Settings', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
      try {
        const updater = new FakeUpdater();
        const harness = start({ updater, hasUpdateFeed: true, linuxInstall: 'other', resourcesPath: '/opt/switchboard/resources' }, (app) => {
          app.isPackaged = true;
        });
        harness.app.becomeReady();
        await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
        vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS * 2);
        expect(updater.checks).toBe(0);
        const appSettings = harness.hubs[0].options.appSettings!;
        expect(appSettings.read().updatesUnavailable).toMatch(/not installed from an AppImage or a package/);
        expectNoChecksWhenTurnedOn(appSettings, updater);
      } finally {
        vi.useRealTimers();
      }
    });

    it('packaged: checks in the background, and asks to restart only once nothing waits', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
      try {
        const updater = new FakeUpdater();
        const harness = start({ updater, hasUpdateFeed: true, resourcesPath: '/opt/switchboard/resources' }, (app) => {
          app.isPackaged = true;
        });
        harness.app.becomeReady();
        await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
        expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, logger: null });
        vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS);
        expect(updater.checks).toBe(1);
        // The packaged tray images come from resources.
        expect(FakeTray.created[0].image.path).toBe(join('/opt/switchboard/resources/tray', 'tray.png'));

        const hub = harness.hubs[0];
        const settle = async () => {
          for (let i = 0; i < 5; i++) await Promise.resolve();
        };
        // Downloaded while a request waits: no question, no restart.
        hub.waiting = ['item-1'];
        updater.emit('update-downloaded', { version: '0.2.0' });
        await settle();
        expect(harness.messageBoxes).toEqual([]);
        // The request is answered, but a typed draft is still open: still nothing.
        hub.waiting = [];
        hub.draftOpen = true;
        hub.options.attention!.waitingCount(0);
        await settle();
        expect(harness.messageBoxes).toEqual([]);
        // A quiet moment: asked once; Restart Now installs.
        hub.draftOpen = false;
        harness.messageBoxResponse = 0;
        hub.options.attention!.waitingCount(0);
        await settle();
        expect(harness.messageBoxes.map((b) => b.message)).toEqual(['Switchboard 0.2.0 is ready to install.']);
        expect(harness.messageBoxes[0].buttons).toEqual(['Restart Now', 'Later']);
        expect(updater.installs).toBe(1);

        // The setting turns it off: saved, and no more checks.
        menuItem('Check for Updates Automatically').click!({ checked: false });
        expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toEqual({ autoUpdates: false });
        const checks = updater.checks;
        vi.advanceTimersByTime(24 * 60 * 60 * 1000);
        expect(updater.checks).toBe(checks);

        // The Settings view (the bridge's setAppSettings) is the same switch: on again, saved, the menu's box
        // ticked, checking again; an installed copy has no "never checks" sentence.
        expect(hub.options.appSettings!.read()).toEqual({ autoUpdates: false });
        expect(hub.options.appSettings!.update({ autoUpdates: true })).toEqual({ autoUpdates: true });
        expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toEqual({ autoUpdates: true });
        expect(menuItem('Check for Updates Automatically').checked).toBe(true);
        vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS);
        expect(updater.checks).toBe(checks + 1);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
