/**
 * The plain rules behind the basics of an installed app: where the window reopens, what the tray says,
 * which menu items exist with which accelerators, when an update may restart the app, when a crashing
 * renderer stops being reloaded, and what About lists.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aboutCredits, shippedLicences } from '../../electron/main/about';
import { buildMenuTemplate, COMMAND_ACCELERATORS, type AppCommand } from '../../electron/main/app-menu';
import { AppSettingsFile } from '../../electron/main/app-settings';
import { MAX_RELOADS, RELOAD_WINDOW_MS, ReloadBudget } from '../../electron/main/renderer-recovery';
import { openOldestLabel, trayTitle, trayTooltip } from '../../electron/main/tray-text';
import { linuxInstallKind, PendingUpdate, restartBlocker, updateFeedConfigured, updatesOffReason } from '../../electron/main/update-policy';
import { updatesUnavailableReason, type UpdateCopy } from '../../electron/core/update-availability';
import { DEFAULT_WINDOW_SIZE, parseWindowState, placeWindow, WindowStateFile } from '../../electron/main/window-state';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-installed-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const screen = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('reopens where it was when the title bar is still on a display', () => {
    const saved = { bounds: { x: 100, y: 80, width: 1000, height: 700 }, maximized: true };
    expect(placeWindow(saved, [screen])).toEqual({ bounds: saved.bounds, maximized: true });
  });

  it('moves a window whose display was unplugged back onto the primary one, centred, size kept', () => {
    const saved = { bounds: { x: 2500, y: 100, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(saved, [screen])).toEqual({ bounds: { width: 1000, height: 700 }, maximized: false });
  });

  it('shrinks a remembered size that no longer fits the primary display', () => {
    const saved = { bounds: { x: -5000, y: 0, width: 3000, height: 2000 }, maximized: false };
    expect(placeWindow(saved, [{ x: 0, y: 0, width: 1280, height: 760 }]).bounds).toEqual({ width: 1280, height: 760 });
  });

  it('opens at the default size the first time', () => {
    expect(placeWindow(null, [screen])).toEqual({ bounds: { ...DEFAULT_WINDOW_SIZE }, maximized: false });
  });

  it('ignores a malformed or absurd saved file instead of failing to start', () => {
    for (const text of ['', 'nope', '{"bounds":{"x":0,"y":0,"width":"wide","height":700}}', '{"bounds":{"x":0,"y":0,"width":100,"height":100}}', '{"bounds":{"x":0,"y":0,"width":1e9,"height":700}}', 'null']) {
      expect(parseWindowState(text)).toBeNull();
    }
  });

  it('round-trips through its file', () => {
    const file = new WindowStateFile(join(tempDir(), 'nested', 'window-state.json'));
    expect(file.load()).toBeNull();
    file.save({ bounds: { x: 10, y: 20, width: 900, height: 600 }, maximized: false });
    expect(file.load()).toEqual({ bounds: { x: 10, y: 20, width: 900, height: 600 }, maximized: false });
  });
});

describe('tray text', () => {
  it('counts what waits, and says so when nothing does', () => {
    expect(trayTooltip(0)).toBe('Switchboard: nothing waiting for you');
    expect(trayTooltip(1)).toBe('Switchboard: 1 request waiting for you');
    expect(trayTooltip(3)).toBe('Switchboard: 3 requests waiting for you');
    expect([trayTitle(0), trayTitle(12)]).toEqual(['', '12']);
    expect(openOldestLabel(2)).toBe('Open the oldest waiting request');
  });
});

describe('application menu', () => {
  const ran: AppCommand[] = [];
  const build = (platform: NodeJS.Platform, devTools = false, updatesAvailable = true) =>
    buildMenuTemplate({ platform, devTools, updatesAvailable, autoUpdates: true, run: (c) => ran.push(c), setAutoUpdates: () => {} });
  type Item = { label?: string; role?: string; accelerator?: string; registerAccelerator?: boolean; submenu?: Item[]; click?: (...args: never[]) => void };
  const flat = (items: Item[]): Item[] => items.flatMap((item) => [item, ...flat(item.submenu ?? [])]);

  it('offers the app’s commands with their accelerators on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const items = flat(build(platform) as Item[]);
      const byLabel = (label: string) => items.find((i) => i.label === label);
      expect(byLabel('New Session')?.accelerator).toBe(COMMAND_ACCELERATORS.newSession);
      expect(byLabel('Next Waiting Request')?.accelerator).toBe('CmdOrCtrl+Alt+Down');
      expect(byLabel('Previous Waiting Request')?.accelerator).toBe('CmdOrCtrl+Alt+Up');
      // Shown, but carried out by the renderer's key handler (one press must not move twice).
      expect(byLabel('Next Waiting Request')?.registerAccelerator).toBe(false);
      expect(byLabel('Previous Waiting Request')?.registerAccelerator).toBe(false);
      expect(byLabel('Add Agent…')?.accelerator).toBe(COMMAND_ACCELERATORS.addAgent);
      expect(byLabel(platform === 'darwin' ? 'Settings…' : 'Settings')?.accelerator).toBe('CmdOrCtrl+,');
      expect(byLabel('About Switchboard')).toBeDefined();
      expect(items.map((i) => i.role)).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'viewMenu', 'fileMenu']));
    }
    ran.length = 0;
    flat(build('linux') as Item[]).find((i) => i.label === 'Next Waiting Request')!.click!();
    flat(build('linux') as Item[]).find((i) => i.label === 'Previous Waiting Request')!.click!();
    expect(ran).toEqual(['nextWaitingRequest', 'previousWaitingRequest']);
  });

  it('has the macOS app menu only on macOS, and developer tools only in unpackaged runs', () => {
    expect((build('darwin') as Item[])[0].role).toBe('appMenu');
    expect((build('win32') as Item[]).some((i) => i.role === 'appMenu')).toBe(false);
    const roles = (devTools: boolean) => flat(build('linux', devTools) as Item[]).map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(true)).toContain('toggleDevTools');
  });

  it('shows the update items only where updates can run', () => {
    const labels = (available: boolean) => flat(build('linux', false, available) as Item[]).map((i) => i.label);
    expect(labels(true)).toContain('Check for Updates Automatically');
    expect(labels(false)).not.toContain('Check for Updates…');
  });


});

describe('update policy', () => {
  const packaged = (extra: Partial<Extract<UpdateCopy, { kind: 'app' }>> = {}): UpdateCopy => ({ kind: 'app', isPackaged: true, hasFeed: true, platform: 'darwin', ...extra });

  it('says in one sentence why a copy can never update: the harness, a development run, no feed, an unpacked Linux copy', () => {
    expect(updatesUnavailableReason({ kind: 'harness' })).toBe('This is not an installed copy of Switchboard, so it never checks for updates.');
    expect(updatesUnavailableReason(packaged({ isPackaged: false }))).toBe('This is a development run of Switchboard, so it never checks for updates.');
    expect(updatesUnavailableReason(packaged({ hasFeed: false }))).toBe('This build has no update feed, so it never checks for updates.');
    expect(updatesUnavailableReason(packaged({ platform: 'linux', linuxInstall: 'other' }))).toMatch(/not installed from an AppImage or a package/);
  });

  it('lets an installed copy with a feed update: macOS, Windows, a Linux AppImage or package', () => {
    expect(updatesUnavailableReason(packaged())).toBeNull();
    expect(updatesUnavailableReason(packaged({ platform: 'win32' }))).toBeNull();
    expect(updatesUnavailableReason(packaged({ platform: 'linux', linuxInstall: 'appimage' }))).toBeNull();
    expect(updatesUnavailableReason(packaged({ platform: 'linux', linuxInstall: 'package' }))).toBeNull();
  });

  it('tells a Linux copy apart the way electron-updater does (APPIMAGE, then resources/package-type)', () => {
    expect(linuxInstallKind('/home/me/Switchboard.AppImage', '')).toBe('appimage');
    expect(linuxInstallKind(undefined, 'deb\n')).toBe('package');
    expect(linuxInstallKind(undefined, 'rpm')).toBe('package');
    expect(linuxInstallKind(undefined, '')).toBe('other');
    expect(linuxInstallKind(undefined, 'snap')).toBe('other');
  });

  it('logs why no checks run: the copy cannot update, or the user turned them off', () => {
    expect(updatesOffReason('This build has no update feed, so it never checks for updates.', true)).toMatch(/no update feed/);
    expect(updatesOffReason(null, false)).toMatch(/turned off in Settings/);
    expect(updatesOffReason(null, true)).toBeNull();
  });

  it('counts a feed only when app-update.yml names a provider (a build without a repository writes none)', () => {
    expect(updateFeedConfigured('owner: someone\nrepo: switchboard\nprovider: github\nupdaterCacheDirName: switchboard-updater\n')).toBe(true);
    // What electron-builder 26.17 wrote when packaging this project without a git remote.
    expect(updateFeedConfigured('updaterCacheDirName: switchboard-updater\n')).toBe(false);
    expect(updateFeedConfigured('')).toBe(false);
  });

  it('never restarts while a request waits or a draft is open', () => {
    expect(restartBlocker({ waiting: 1, draftOpen: false })).toBe('a request is waiting for you');
    expect(restartBlocker({ waiting: 0, draftOpen: true })).toBe('a form you started is not sent yet');
    expect(restartBlocker({ waiting: 0, draftOpen: false })).toBeNull();
  });

  it('asks once, only in a quiet moment, and checks again before restarting', () => {
    const update = new PendingUpdate('1.2.0');
    expect(update.shouldAsk({ waiting: 2, draftOpen: false })).toBe(false);
    expect(update.shouldAsk({ waiting: 0, draftOpen: false })).toBe(true);
    expect(update.shouldAsk({ waiting: 0, draftOpen: false })).toBe(false);
    expect(update.mayRestart({ waiting: 1, draftOpen: false })).toBe(false);
    expect(update.mayRestart({ waiting: 0, draftOpen: false })).toBe(true);
  });

  it('keeps the "update automatically" setting in settings.json, defaulting to on', () => {
    const dir = tempDir();
    const file = new AppSettingsFile(join(dir, 'settings.json'));
    expect(file.load()).toEqual({ autoUpdates: true });
    file.save({ autoUpdates: false });
    expect(new AppSettingsFile(join(dir, 'settings.json')).load()).toEqual({ autoUpdates: false });
    writeFileSync(join(dir, 'settings.json'), '{"autoUpdates":"no"');
    expect(file.load()).toEqual({ autoUpdates: true });
  });
});

describe('renderer recovery budget', () => {
  it(`reloads at most ${MAX_RELOADS} times a minute, then again once the minute has passed`, () => {
    const budget = new ReloadBudget();
    const allowed = [0, 1000, 2000, 3000].map((t) => budget.allow(t));
    expect(allowed).toEqual([true, true, true, false]);
    expect(budget.allow(RELOAD_WINDOW_MS + 1500)).toBe(true);
  });
});

describe('About', () => {
  it('lists the runtime and every production dependency with the licence it declares', () => {
    const root = tempDir();
    writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies: { zod: '^4', weird: '1' } }));
    mkdirSync(join(root, 'node_modules', 'zod'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'zod', 'package.json'), JSON.stringify({ version: '4.1.0', license: 'MIT' }));
    const licences = shippedLicences(root);
    expect(licences).toEqual([
      { name: 'weird', version: '?', license: 'see its files' },
      { name: 'zod', version: '4.1.0', license: 'MIT' },
    ]);
    const credits = aboutCredits(licences, { electron: '45.5.0', chrome: '150.0', node: '24.1.0' });
    expect(credits).toContain('Electron 45.5.0, Chromium 150.0, Node.js 24.1.0');
    expect(credits).toContain('zod 4.1.0 (MIT)');
  });

  it('reads this project’s real dependencies', () => {
    const names = shippedLicences(process.cwd()).map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining(['@agentclientprotocol/sdk', 'electron-updater', 'zod']));
  });
});
