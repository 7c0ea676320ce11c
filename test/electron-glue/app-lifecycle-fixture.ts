// Shared by the app lifecycle tests: startSwitchboard over the fake electron, a hub that records what it was asked,
// and a fresh userData folder per test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import type { HubOptions } from '../../electron/core/hub-options';
import { startSwitchboard, type ElectronMainApi, type LifecycleHub, type StartOptions } from '../../electron/main/app-lifecycle';
import { FakeApp, FakeBrowserWindow, FakeIpcMain, FakeNotification, FakeProtocol, FakeSession, FakeShell, fakeInstalledAppApi } from './fake-electron';
import { FIRST_CHECK_DELAY_MS } from '../../electron/main/update-policy';

/** A hub that records the calls the app makes to it and the options it was created with. */
export class RecordingHub implements LifecycleHub {
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

/** The fakes one startSwitchboard ran over, and what they recorded. */
export interface Harness {
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

/** The userData folder of the current test; `freshAppPerTest` makes a new one before each test. */
export let userData: string;

/**
 * Registers, in the calling describe block, a fresh userData folder per test (removed after it) and cleared records
 * of the fake windows and notifications.
 */
export function freshAppPerTest(): void {
  beforeEach(() => {
    userData = mkdtempSync(join(tmpdir(), 'switchboard-userdata-'));
    FakeBrowserWindow.created = [];
    FakeBrowserWindow.failLoadWith = null;
    FakeNotification.created = [];
    FakeNotification.supported = true;
  });
  afterEach(() => rmSync(userData, { recursive: true, force: true }));
}

/** Runs startSwitchboard over fresh fakes on Linux with a RecordingHub; `setup` adjusts the app before it starts. */
export function start(overrides: Partial<StartOptions> = {}, setup?: (app: FakeApp) => void): Harness {
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

/** `start`, then the app becomes ready and the main window is created. */
export async function startReady(overrides: Partial<StartOptions> = {}, setup?: (app: FakeApp) => void): Promise<Harness> {
  const harness = start(overrides, setup);
  harness.app.becomeReady();
  await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
  return harness;
}

/** Turning automatic updates off and on again in Settings starts no check in a copy that cannot update. */
export function expectNoChecksWhenTurnedOn(appSettings: NonNullable<Harness['hubs'][number]['options']['appSettings']>, updater: { readonly checks: number }): void {
  appSettings.update({ autoUpdates: false });
  appSettings.update({ autoUpdates: true });
  vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS * 2);
  expect(updater.checks).toBe(0);
}

/** The first window created. Throws when there is none. */
export function mainWindow(): FakeBrowserWindow {
  const window = FakeBrowserWindow.created[0];
  if (!window) throw new Error('no main window');
  return window;
}
