import type { IpcMainInvokeEvent } from 'electron';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL, type BridgeEvent } from '../../shared/bridge';
import { defaultAgentsConfig } from '../../electron/core/config';
import { FileConfigStore } from '../../electron/core/config-store';
import type { HubOptions } from '../../electron/core/hub';
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
} from './fake-electron';

class RecordingHub implements LifecycleHub {
  started = false;
  stopped = false;
  listeners: Array<(events: BridgeEvent[]) => void> = [];
  readonly focusedItems: string[] = [];
  constructor(
    readonly options: HubOptions,
    private readonly calls: string[],
  ) {}
  start(): void {
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
  };
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    dialog: { showErrorBox: (title: string, content: string) => harness.errors.push({ title, content }) },
    ipcMain: harness.ipcMain,
    protocol: harness.protocol,
    session: { defaultSession: harness.defaultSession },
    shell: harness.shell,
    Notification: FakeNotification,
  } as unknown as ElectronMainApi;
  startSwitchboard(electron, {
    mainDir: '/opt/switchboard/out/main',
    execPath: '/opt/switchboard/electron',
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

  it('creates the hub with the demo agent run by the Electron binary as Node, and the default config', async () => {
    const { hubs } = await startReady();
    expect(hubs).toHaveLength(1);
    const options = hubs[0].options;
    expect(options.builtinAgents).toEqual({
      demo: {
        command: '/opt/switchboard/electron',
        args: [join('/opt/switchboard/out/main', 'demo-agent.js')],
        // issue 10: the demo agent keeps its own sessions in the user-data folder.
        env: { ELECTRON_RUN_AS_NODE: '1', DEMO_AGENT_DATA_DIR: join(userData, 'demo-agent') },
      },
    });
    // issue 10: Switchboard's session history lives in the user-data folder.
    expect(options.historyFile).toBe(join(userData, 'history.sqlite'));
    expect(options.defaultCwd).toBe('/home/me');
    expect(options.config.agents.map((agent) => agent.name)).toEqual(['Demo agent']);
  });

  it('binds the bridge and starts the hub before the window opens', async () => {
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
    attention.itemArrived({ itemId: 'item-1', agentId: 'demo', agentName: 'Demo agent', kind: 'form' });
    expect(FakeNotification.created).toEqual([]);

    window.blur();
    window.minimized = true;
    attention.itemArrived({ itemId: 'item-2', agentId: 'demo', agentName: 'Demo agent', kind: 'url' });
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
});
