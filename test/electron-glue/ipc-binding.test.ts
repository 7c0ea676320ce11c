import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL, type BridgeEvent } from '../../shared/bridge';
import { bindBridge, createSenderCheck, type BridgeHub } from '../../electron/main/ipc-binding';
import { FakeIpcMain, FakeWebContents, FakeWebFrame } from './fake-electron';

const APP_ORIGIN = 'app://switchboard';

function invokeEvent(sender: FakeWebContents, senderFrame: FakeWebFrame | null): IpcMainInvokeEvent {
  return { sender, senderFrame } as unknown as IpcMainInvokeEvent;
}

class FakeHub implements BridgeHub {
  readonly invocations: Array<{ command: string; params: unknown }> = [];
  listeners = new Set<(events: BridgeEvent[]) => void>();
  answer: () => Promise<unknown> = async () => ({ sessionKey: 's1' });
  invoke(command: string, params: unknown): Promise<unknown> {
    this.invocations.push({ command, params });
    return this.answer();
  }
  subscribe(listener: (events: BridgeEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(events: BridgeEvent[]): void {
    for (const listener of this.listeners) listener(events);
  }
}

describe('sender check', () => {
  const mainContents = new FakeWebContents('app://switchboard/index.html');
  const isTrusted = createSenderCheck(() => mainContents as unknown as WebContents, APP_ORIGIN);

  it("accepts the main window's main frame on the app origin", () => {
    expect(isTrusted(invokeEvent(mainContents, mainContents.mainFrame))).toBe(true);
  });

  it('rejects a web contents that is not the main window, even on the app origin', () => {
    const other = new FakeWebContents('app://switchboard/index.html');
    expect(isTrusted(invokeEvent(other, other.mainFrame))).toBe(false);
  });

  it("rejects a subframe of the main window, even on the app origin", () => {
    const subframe = new FakeWebFrame('app://switchboard/index.html', mainContents.mainFrame);
    expect(isTrusted(invokeEvent(mainContents, subframe))).toBe(false);
  });

  it('rejects the main frame once it shows a foreign origin', () => {
    expect(isTrusted(invokeEvent(mainContents, new FakeWebFrame('https://evil.example/')))).toBe(false);
    expect(isTrusted(invokeEvent(mainContents, new FakeWebFrame('app://other/index.html')))).toBe(false);
    expect(isTrusted(invokeEvent(mainContents, new FakeWebFrame('about:blank')))).toBe(false);
  });

  it('rejects a sender whose frame is already gone', () => {
    expect(isTrusted(invokeEvent(mainContents, null))).toBe(false);
  });

  it('rejects everyone while there is no main window', () => {
    const noWindow = createSenderCheck(() => null, APP_ORIGIN);
    expect(noWindow(invokeEvent(mainContents, mainContents.mainFrame))).toBe(false);
  });
});

describe('bridge binding', () => {
  let ipcMain: FakeIpcMain;
  let hub: FakeHub;
  let mainContents: FakeWebContents;
  let dispose: () => void;

  const call = (sender: FakeWebContents, frame: FakeWebFrame | null, ...args: unknown[]): unknown => {
    const handler = ipcMain.handlers.get(IPC_INVOKE_CHANNEL);
    if (!handler) throw new Error('no invoke handler');
    return handler(invokeEvent(sender, frame), ...args);
  };

  beforeEach(() => {
    ipcMain = new FakeIpcMain();
    hub = new FakeHub();
    mainContents = new FakeWebContents();
    const target = (): WebContents | null => mainContents as unknown as WebContents;
    dispose = bindBridge(ipcMain as unknown as IpcMain, hub, createSenderCheck(target, APP_ORIGIN), target);
  });

  it('registers exactly one handler, on the invoke channel', () => {
    expect([...ipcMain.handlers.keys()]).toEqual([IPC_INVOKE_CHANNEL]);
  });

  it('runs a known command from the main window on the hub and answers with its value', async () => {
    const params = { agentId: 'demo' };
    await expect(call(mainContents, mainContents.mainFrame, 'newSession', params)).resolves.toEqual({
      ok: true,
      value: { sessionKey: 's1' },
    });
    expect(hub.invocations).toEqual([{ command: 'newSession', params }]);
  });

  it('refuses a foreign web contents without reaching the hub', async () => {
    const other = new FakeWebContents();
    await expect(call(other, other.mainFrame, 'getSnapshot', {})).resolves.toEqual({
      ok: false,
      error: 'This window is not allowed to send commands to Switchboard.',
    });
    expect(hub.invocations).toEqual([]);
  });

  it('refuses a subframe of the main window without reaching the hub', async () => {
    const subframe = new FakeWebFrame('app://switchboard/frame.html', mainContents.mainFrame);
    await expect(call(mainContents, subframe, 'getSnapshot', {})).resolves.toMatchObject({ ok: false });
    expect(hub.invocations).toEqual([]);
  });

  it('refuses unknown command names, including inherited object keys, without reaching the hub', async () => {
    for (const command of ['deleteEverything', 'toString', '__proto__', 'constructor', 42, undefined]) {
      const answer = (await call(mainContents, mainContents.mainFrame, command, {})) as { ok: boolean; error: string };
      expect(answer.ok, String(command)).toBe(false);
      expect(answer.error).toMatch(/^Switchboard does not know the command .+\.$/);
    }
    expect(hub.invocations).toEqual([]);
  });

  it("answers a hub failure with the hub's own sentence and no Electron prefix", async () => {
    hub.answer = () => Promise.reject(new Error('The agent "demo" is not running.'));
    await expect(call(mainContents, mainContents.mainFrame, 'prompt', { sessionKey: 's', text: 'hi' })).resolves.toEqual(
      { ok: false, error: 'The agent "demo" is not running.' },
    );
  });

  it('answers a failure that is not an Error with a generic plain sentence', async () => {
    hub.answer = () => Promise.reject('boom');
    await expect(call(mainContents, mainContents.mainFrame, 'getSnapshot', {})).resolves.toEqual({
      ok: false,
      error: 'Something went wrong in the Switchboard main process.',
    });
  });

  it('sends every hub event batch to the main window on the events channel', () => {
    const events: BridgeEvent[] = [{ type: 'itemRemoved', itemId: 'i1' }];
    hub.emit(events);
    expect(mainContents.sent).toEqual([{ channel: IPC_EVENTS_CHANNEL, args: [events] }]);
  });

  it('sends nothing once the main window is destroyed', () => {
    mainContents.destroyed = true;
    hub.emit([{ type: 'itemRemoved', itemId: 'i1' }]);
    expect(mainContents.sent).toEqual([]);
  });

  it('removes the handler and the hub subscription when disposed', () => {
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
    expect(hub.listeners.size).toBe(0);
  });

  it('sends events nowhere when no event target is given', () => {
    const otherIpc = new FakeIpcMain();
    const otherHub = new FakeHub();
    const spy = vi.spyOn(mainContents, 'send');
    bindBridge(otherIpc as unknown as IpcMain, otherHub, () => true);
    otherHub.emit([{ type: 'itemRemoved', itemId: 'i1' }]);
    expect(spy).not.toHaveBeenCalled();
  });
});
