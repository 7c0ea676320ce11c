import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, fakeEvent, FakeMenu, FakeTray, type FakeMenuItem } from './fake-electron';
import { EventEmitter } from 'node:events';
import { HANG_RELOAD_MS } from '../../electron/main/renderer-recovery';
import { FIRST_CHECK_DELAY_MS } from '../../electron/main/update-policy';
import { freshAppPerTest, userData, start, startReady, expectNoChecksWhenTurnedOn, mainWindow } from './app-lifecycle-fixture';

describe('app lifecycle', () => {
  freshAppPerTest();

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
