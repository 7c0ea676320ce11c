import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { defaultAgentsConfig } from '../../electron/core/config/config';
import { FileConfigStore } from '../../electron/core/config/config-store';
import { FakeBrowserWindow, FakeNotification, fakeEvent } from './fake-electron';
import { freshAppPerTest, userData, startReady, mainWindow } from './app-lifecycle-fixture';

describe('app lifecycle', () => {
  freshAppPerTest();

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
});
