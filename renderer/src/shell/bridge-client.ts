/**
 * Finds the one bridge object the renderer depends on (architecture rule 2, style: "one context object").
 *
 * In Electron the preload exposes `window.switchboard`. In the test harness there is no preload: the page
 * is served by a Node harness and reaches the same hub over a loopback WebSocket at
 * `/__bridge?token=<token>`, the token being read from the page URL's `?token=` query.
 *
 * Wire format over the socket (JSON text frames):
 * - client → server: `{"kind":"invoke","id":n,"command":name,"params":{…}}`
 * - server → client: `{"kind":"result","id":n,"ok":true,"value":…}` or
 *   `{"kind":"result","id":n,"ok":false,"error":"plain sentence"}`, and `{"kind":"events","events":[…]}`.
 */
import type {
  BridgeEvent,
  CommandName,
  CommandParams,
  CommandResults,
  SwitchboardBridge,
} from '../../../shared/bridge';
import type { ConnectionStatus } from '../state/store';

/** The bridge plus what the app needs to know about the transport under it. */
export interface BridgeConnection {
  bridge: SwitchboardBridge;
  /** Current transport status; always `open` with Electron's preload. */
  getStatus(): ConnectionStatus;
  /** Called on every status change; returns the unsubscribe function. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /**
   * Called each time the transport (re)opens, and once right away if it is open already. The app loads a
   * fresh snapshot there, so a reconnect loses nothing (architecture rule 7).
   */
  onOpen(listener: () => void): () => void;
}

/**
 * True when there is no preload bridge and the page URL has no `?token=`: the harness would refuse every
 * connection, so the app says how to open it instead of retrying forever.
 */
export function missingHarnessToken(): boolean {
  return !isBridge((window as unknown as { switchboard?: unknown }).switchboard) && harnessToken() === '';
}

function harnessToken(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/** Picks `window.switchboard` when the preload provided it, else the harness WebSocket bridge. */
export function connectBridge(): BridgeConnection {
  const provided = (window as unknown as { switchboard?: unknown }).switchboard;
  if (isBridge(provided)) return preloadConnection(provided);
  const token = harnessToken();
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const url = `${scheme}://${window.location.host}/__bridge?token=${encodeURIComponent(token)}`;
  return new WebSocketBridge(url).connection();
}

function isBridge(value: unknown): value is SwitchboardBridge {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SwitchboardBridge>;
  return typeof candidate.invoke === 'function' && typeof candidate.subscribe === 'function';
}

function preloadConnection(bridge: SwitchboardBridge): BridgeConnection {
  return {
    bridge,
    getStatus: () => 'open',
    onStatus: () => () => {},
    onOpen(listener) {
      let active = true;
      queueMicrotask(() => {
        if (active) listener();
      });
      return () => {
        active = false;
      };
    },
  };
}

/** Backoff between reconnect attempts, in milliseconds; the last value repeats. */
const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 5000];

interface PendingCall {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** The harness transport: one socket at a time, reconnecting with backoff when it closes. */
class WebSocketBridge {
  private socket: WebSocket | null = null;
  private status: ConnectionStatus = 'connecting';
  private nextId = 1;
  private attempt = 0;
  private readonly pending = new Map<number, PendingCall>();
  /** Frames invoked while the socket was still connecting; sent on open. */
  private outbox: string[] = [];
  private readonly eventListeners = new Set<(events: BridgeEvent[]) => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private readonly openListeners = new Set<() => void>();

  constructor(private readonly url: string) {
    this.open();
  }

  connection(): BridgeConnection {
    const bridge: SwitchboardBridge = {
      invoke: <K extends CommandName>(command: K, params: CommandParams<K>) =>
        this.invoke(command, params) as Promise<CommandResults[K]>,
      subscribe: (listener) => {
        this.eventListeners.add(listener);
        return () => {
          this.eventListeners.delete(listener);
        };
      },
    };
    return {
      bridge,
      getStatus: () => this.status,
      onStatus: (listener) => {
        this.statusListeners.add(listener);
        return () => {
          this.statusListeners.delete(listener);
        };
      },
      onOpen: (listener) => {
        this.openListeners.add(listener);
        if (this.status === 'open') queueMicrotask(() => this.openListeners.has(listener) && listener());
        return () => {
          this.openListeners.delete(listener);
        };
      },
    };
  }

  private invoke(command: CommandName, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const socket = this.socket;
      if (this.status === 'reconnecting' || socket === null) {
        reject(new Error('Switchboard is not connected right now. Try again in a moment.'));
        return;
      }
      const id = this.nextId++;
      const frame = JSON.stringify({ kind: 'invoke', id, command, params });
      this.pending.set(id, { resolve, reject });
      if (socket.readyState === WebSocket.OPEN) socket.send(frame);
      else this.outbox.push(frame);
    });
  }

  private open(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      const frames = this.outbox;
      this.outbox = [];
      for (const frame of frames) socket.send(frame);
      this.setStatus('open');
      for (const listener of [...this.openListeners]) safely(listener);
    };
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failPending('The connection to Switchboard was lost. Try again.');
      this.setStatus('reconnecting');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)];
    this.attempt++;
    setTimeout(() => this.open(), delay);
  }

  private failPending(sentence: string): void {
    const calls = [...this.pending.values()];
    this.pending.clear();
    this.outbox = [];
    for (const call of calls) call.reject(new Error(sentence));
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) safely(() => listener(status));
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const frame = message as Record<string, unknown>;
    if (frame.kind === 'result' && typeof frame.id === 'number') {
      const call = this.pending.get(frame.id);
      if (!call) return;
      this.pending.delete(frame.id);
      if (frame.ok === true) call.resolve(frame.value);
      else call.reject(new Error(typeof frame.error === 'string' ? frame.error : 'Switchboard could not do that.'));
      return;
    }
    if (frame.kind === 'events' && Array.isArray(frame.events)) {
      const events = frame.events as BridgeEvent[];
      for (const listener of [...this.eventListeners]) safely(() => listener(events));
    }
  }
}

function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}
