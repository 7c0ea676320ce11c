import type { BrowserWindow } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AttentionSink } from '../../electron/core/requests/arrivals';
import { createAttentionSink, notificationBody, type AttentionElectron } from '../../electron/main/attention';
import { FakeApp, FakeBrowserWindow, FakeNotification } from './fake-electron';

interface Setup {
  sink: AttentionSink;
  app: FakeApp;
  window: FakeBrowserWindow | null;
  focusedItems: string[];
  reopened: FakeBrowserWindow[];
  logs: string[];
}

/** A sink over a fake main window that is shown and focused unless `setup` changes it. */
function setUp(platform: NodeJS.Platform = 'linux', withWindow = true): Setup {
  const app = new FakeApp({});
  const setup: Setup = {
    sink: undefined as unknown as AttentionSink,
    app,
    window: null,
    focusedItems: [],
    reopened: [],
    logs: [],
  };
  if (withWindow) {
    const window = new FakeBrowserWindow({});
    window.show();
    window.focus();
    setup.window = window;
  }
  setup.sink = createAttentionSink({ app, Notification: FakeNotification } as unknown as AttentionElectron, {
    platform,
    getMainWindow: () => setup.window as unknown as BrowserWindow | null,
    reopenMainWindow: () => {
      const window = new FakeBrowserWindow({});
      setup.reopened.push(window);
      setup.window = window;
      return window as unknown as BrowserWindow;
    },
    focusItem: (itemId) => setup.focusedItems.push(itemId),
    log: (line) => setup.logs.push(line),
  });
  return setup;
}

const formFromClaude = { itemId: 'item-1', agentId: 'claude', agentName: 'Claude', kind: 'form' as const, count: 1 };

describe('attention sink', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = [];
    FakeNotification.created = [];
    FakeNotification.supported = true;
  });

  it('shows no notification while the main window is in front', () => {
    const { sink } = setUp();
    sink.itemArrived(formFromClaude);
    expect(FakeNotification.created).toEqual([]);
  });

  it('notifies with the agent name and the kind of request, never its content, when the window is not focused', () => {
    const { sink, window } = setUp();
    window?.blur();
    sink.itemArrived(formFromClaude);
    expect(FakeNotification.created).toHaveLength(1);
    const notification = FakeNotification.created[0];
    expect(notification.options).toEqual({
      title: 'Switchboard',
      body: 'Claude is asking you to fill in a form',
      silent: false,
    });
    expect(notification.shown).toBe(true);
  });

  it('names each kind of request', () => {
    expect(notificationBody('Claude', 'form')).toBe('Claude is asking you to fill in a form');
    expect(notificationBody('Gemini', 'url')).toBe('Gemini is asking you to open a page');
    expect(notificationBody('Codex', 'permission')).toBe('Codex is asking you for permission');
  });

  it('counts the requests one agent sent together in one notification', () => {
    const { sink, window } = setUp();
    window?.blur();
    sink.itemArrived({ ...formFromClaude, count: 2 });
    expect(FakeNotification.created.map((n) => n.options.body)).toEqual(['Claude is asking you 2 things']);
    expect(notificationBody('Claude', 'url', 1)).toBe('Claude is asking you to open a page');
  });

  it('cuts a very long agent name and flattens its white space', () => {
    const body = notificationBody(`My\n agent ${'x'.repeat(200)}`, 'form');
    expect(body).toMatch(/^My agent x+… is asking you to fill in a form$/);
    expect(body.length).toBeLessThan(100);
  });

  it.each([
    ['minimized', (window: FakeBrowserWindow) => (window.minimized = true)],
    ['hidden', (window: FakeBrowserWindow) => (window.shown = false)],
  ])('notifies when the main window is %s, even if it still reports focus', (_state, change) => {
    const { sink, window } = setUp();
    change(window!);
    sink.itemArrived(formFromClaude);
    expect(FakeNotification.created).toHaveLength(1);
  });

  it('notifies when there is no main window (macOS after closing it)', () => {
    const { sink } = setUp('darwin', false);
    sink.itemArrived(formFromClaude);
    expect(FakeNotification.created).toHaveLength(1);
  });

  it('brings the main window forward and focuses the item when the notification is clicked', () => {
    const { sink, window, focusedItems } = setUp();
    window!.blur();
    window!.minimized = true;
    window!.shown = false;
    sink.itemArrived({ ...formFromClaude, itemId: 'item-42', kind: 'permission' });
    expect(focusedItems).toEqual([]);
    FakeNotification.created[0].click();
    expect(window!.minimized).toBe(false);
    expect(window!.shown).toBe(true);
    expect(window!.focused).toBe(true);
    expect(focusedItems).toEqual(['item-42']);
  });

  it('reopens a closed main window on click and focuses the item once its page has loaded', () => {
    const setup = setUp('darwin', false);
    setup.sink.itemArrived({ ...formFromClaude, itemId: 'item-7', kind: 'url' });
    FakeNotification.created[0].click();
    expect(setup.reopened).toHaveLength(1);
    expect(setup.focusedItems).toEqual([]);
    setup.reopened[0].webContents.emit('did-finish-load');
    expect(setup.focusedItems).toEqual(['item-7']);
  });

  it('keeps the badge equal to the waiting count, calling the OS only on a change', () => {
    const { sink, app } = setUp('darwin');
    for (const count of [1, 2, 2, 1, 0, 0]) sink.waitingCount(count);
    expect(app.badgeCounts).toEqual([1, 2, 1, 0]);
  });

  it('leaves the badge alone on Windows, which has none without an overlay icon', () => {
    const { sink, app } = setUp('win32');
    sink.waitingCount(3);
    expect(app.badgeCounts).toEqual([]);
  });

  it('withdraws notifications still on screen once nothing waits any more', () => {
    const { sink, window } = setUp();
    window!.blur();
    sink.waitingCount(1);
    sink.itemArrived(formFromClaude);
    sink.waitingCount(0);
    expect(FakeNotification.created[0].closed).toBe(true);
  });

  it.each(['linux', 'win32'] as const)('flashes the taskbar entry on %s until the window is focused', (platform) => {
    const { sink, window } = setUp(platform);
    window!.blur();
    sink.itemArrived(formFromClaude);
    sink.itemArrived({ ...formFromClaude, itemId: 'item-2' });
    expect(window!.flashes).toEqual([true]);
    window!.focus();
    expect(window!.flashes).toEqual([true, false]);
  });

  it('does not flash when the window is in front, nor on macOS', () => {
    const focused = setUp('linux');
    focused.sink.itemArrived(formFromClaude);
    expect(focused.window!.flashes).toEqual([]);
    const mac = setUp('darwin');
    mac.window!.blur();
    mac.sink.itemArrived(formFromClaude);
    expect(mac.window!.flashes).toEqual([]);
    expect(FakeNotification.created).toHaveLength(1);
  });

  it('still flashes where notifications are not supported', () => {
    const { sink, window } = setUp();
    window!.blur();
    FakeNotification.supported = false;
    sink.itemArrived(formFromClaude);
    expect(FakeNotification.created).toEqual([]);
    expect(window!.flashes).toEqual([true]);
  });

  it('never throws into the hub', () => {
    const { sink, window, logs } = setUp();
    window!.blur();
    window!.flashFrame = () => {
      throw new Error('no taskbar');
    };
    expect(() => sink.itemArrived(formFromClaude)).not.toThrow();
    expect(logs).toEqual(['Could not draw attention to a new request: no taskbar']);
  });
});
