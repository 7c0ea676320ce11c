import type { IpcMainInvokeEvent } from 'electron';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL, type BridgeEvent } from '../../shared/bridge';
import { FakeBrowserWindow, FakeSession, fakeEvent } from './fake-electron';
import { freshAppPerTest, userData, start, startReady, mainWindow } from './app-lifecycle-fixture';

describe('app lifecycle', () => {
  freshAppPerTest();

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
});
