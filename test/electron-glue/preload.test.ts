import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL, type BridgeEvent, type SwitchboardBridge } from '../../shared/bridge';

// The preload runs `contextBridge.exposeInMainWorld` when it is loaded, so `electron` is replaced by a
// recording fake before the module is imported.
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const exposed: Array<{ key: string; api: unknown }> = [];
  const ipcRenderer = {
    invoke: (..._args: unknown[]): Promise<unknown> => Promise.resolve(undefined),
    on(channel: string, listener: Listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    /** Plays main sending on a channel: listeners get an IpcRendererEvent first, like in Electron. */
    emit(channel: string, ...args: unknown[]) {
      const event = { sender: ipcRenderer, senderFrame: null, ports: [] };
      for (const listener of listeners.get(channel) ?? []) listener(event, ...args);
    },
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      exposed.push({ key, api });
    },
  };
  return { ipcRenderer, contextBridge, exposed };
});

vi.mock('electron', () => ({ contextBridge: fake.contextBridge, ipcRenderer: fake.ipcRenderer }));

let bridge: SwitchboardBridge;

beforeAll(async () => {
  await import('../../electron/preload/index');
  bridge = fake.exposed[0]?.api as SwitchboardBridge;
});

describe('preload', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it('exposes exactly one object, switchboard, holding only invoke and subscribe', () => {
    expect(fake.exposed.map((entry) => entry.key)).toEqual(['switchboard']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
    expect(typeof bridge.invoke).toBe('function');
    expect(typeof bridge.subscribe).toBe('function');
  });

  it('never hands the page the IPC object itself', () => {
    for (const value of Object.values(bridge)) expect(value).not.toBe(fake.ipcRenderer);
    expect(bridge).not.toHaveProperty('ipcRenderer');
    expect(bridge).not.toHaveProperty('send');
    expect(bridge).not.toHaveProperty('on');
  });

  it('sends a command and its params on the invoke channel and resolves with the value', async () => {
    const invoke = vi.spyOn(fake.ipcRenderer, 'invoke').mockResolvedValue({ ok: true, value: { sessionKey: 'k1' } });
    await expect(bridge.invoke('newSession', { agentId: 'demo' })).resolves.toEqual({ sessionKey: 'k1' });
    expect(invoke).toHaveBeenCalledWith(IPC_INVOKE_CHANNEL, 'newSession', { agentId: 'demo' });
  });

  it("rejects with the main process's plain sentence", async () => {
    vi.spyOn(fake.ipcRenderer, 'invoke').mockResolvedValue({ ok: false, error: 'The agent "demo" is not running.' });
    await expect(bridge.invoke('restartAgent', { agentId: 'demo' })).rejects.toThrow(
      new Error('The agent "demo" is not running.'),
    );
  });

  it("replaces Electron's remote-method error with a plain sentence", async () => {
    vi.spyOn(fake.ipcRenderer, 'invoke').mockRejectedValue(
      new Error("Error invoking remote method 'switchboard:invoke': Error: No handler registered"),
    );
    const failure = bridge.invoke('getSnapshot', {});
    await expect(failure).rejects.toThrow('Switchboard could not reach its main process.');
    await expect(failure).rejects.not.toThrow(/Error invoking remote method/);
  });

  it('rejects an answer that is not an envelope instead of passing it on', async () => {
    vi.spyOn(fake.ipcRenderer, 'invoke').mockResolvedValue({ agents: [] });
    await expect(bridge.invoke('getSnapshot', {})).rejects.toThrow('Switchboard could not reach its main process.');
  });

  it('gives subscribers the events array only, never the IPC event', () => {
    const received: unknown[][] = [];
    const unsubscribe = bridge.subscribe((...args: unknown[]) => received.push(args));
    const events: BridgeEvent[] = [{ type: 'notice', level: 'info', text: 'Hello.' }];
    fake.ipcRenderer.emit(IPC_EVENTS_CHANNEL, events);
    expect(received).toEqual([[events]]);
    expect(received[0][0]).toBe(events);
    unsubscribe();
  });

  it('stops delivering events after unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = bridge.subscribe(listener);
    expect(fake.ipcRenderer.listenerCount(IPC_EVENTS_CHANNEL)).toBe(1);
    unsubscribe();
    expect(fake.ipcRenderer.listenerCount(IPC_EVENTS_CHANNEL)).toBe(0);
    fake.ipcRenderer.emit(IPC_EVENTS_CHANNEL, [{ type: 'itemRemoved', itemId: 'i1' }]);
    expect(listener).not.toHaveBeenCalled();
  });
});
