/**
 * The harness's bridge transport (architecture "The test harness"): the page reaches the hub over a loopback
 * WebSocket at `/__bridge?token=<token>` instead of Electron's preload. Plain TypeScript over a {@link BridgeSocket},
 * so unit tests drive it with fakes; bridge-client.ts hands it the browser's WebSocket, fetch and timers.
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
} from '../../../../shared/bridge';
import type { ConnectionStatus } from '../../state/model/store';

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

/** Backoff between reconnect attempts, in milliseconds; the last value repeats. */
const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 5000];

/**
 * After this many connection attempts in a row that never opened (about 1.75 s of backoff), the page asks the harness
 * whether its token still works. A harness that went away never takes this page's token again (each start makes a new
 * one, and without `--port` a new port), so retrying for ever would only say "Reconnecting…" for ever.
 */
export const FAILED_OPENS_BEFORE_CHECK = 3;

/** `WebSocket.OPEN`, spelled out so the transport runs where there is no global `WebSocket` (unit tests). */
const SOCKET_OPEN = 1;

/** The members of the browser's `WebSocket` the transport uses. */
export interface BridgeSocket {
  readonly readyState: number;
  send(frame: string): void;
  onopen: (() => void) | null;
  onmessage: ((message: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

/** Where the harness transport connects, and what it needs from the browser (tests pass fakes). */
export interface HarnessTransport {
  /** The bridge socket's address, `ws://HOST/__bridge?token=T`. */
  socketUrl: string;
  /**
   * The same route over plain HTTP, `http://HOST/__bridge?token=T`: the harness answers 204 while it takes the token
   * and 401 once it does not (electron/harness/server.ts).
   */
  checkUrl: string;
  /** A new socket connecting to `url` (the page: `new WebSocket(url)`). */
  createSocket: (url: string) => BridgeSocket;
  /** The HTTP status of a GET of `url`; rejects when nothing answers there (the page: `fetch`). */
  check: (url: string) => Promise<number>;
  /** Runs `run` in `ms` milliseconds (the page: `setTimeout`). */
  later: (run: () => void, ms: number) => void;
}

/**
 * The harness's transport as a {@link BridgeConnection}: one socket at a time, reconnecting with backoff when it
 * closes. Status `reconnecting` is set only by the close of the socket in use, and `open` by its open, so the
 * connection notice never shows over an open socket. When attempts keep failing before they open, it asks
 * `checkUrl` once per {@link FAILED_OPENS_BEFORE_CHECK} failures and stops for good with `stopped` (nothing answers)
 * or `restarted` (the token is refused); the notice then says to open the address the harness printed.
 */
export function harnessConnection(transport: HarnessTransport): BridgeConnection {
  return new WebSocketBridge(transport).connection();
}

interface PendingCall {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** The harness transport: one socket at a time, reconnecting with backoff when it closes. */
class WebSocketBridge {
  private socket: BridgeSocket | null = null;
  private status: ConnectionStatus = 'connecting';
  private nextId = 1;
  private attempt = 0;
  /** Attempts in a row whose socket closed without ever opening. */
  private failedOpens = 0;
  private readonly pending = new Map<number, PendingCall>();
  /** Frames invoked while the socket was still connecting; sent on open. */
  private outbox: string[] = [];
  private readonly eventListeners = new Set<(events: BridgeEvent[]) => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private readonly openListeners = new Set<() => void>();
  constructor(private readonly transport: HarnessTransport) {
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
      if (this.ended()) {
        reject(new Error('This page can no longer reach Switchboard. Open the address Switchboard printed when it started.'));
        return;
      }
      if (this.status === 'reconnecting' || socket === null) {
        reject(new Error('Switchboard is not connected right now. Try again in a moment.'));
        return;
      }
      const id = this.nextId++;
      const frame = JSON.stringify({ kind: 'invoke', id, command, params });
      this.pending.set(id, { resolve, reject });
      if (socket.readyState === SOCKET_OPEN) socket.send(frame);
      else this.outbox.push(frame);
    });
  }

  /** True once the page knows it can never reconnect (`stopped` or `restarted`): it tries no more. */
  private ended(): boolean {
    return this.status === 'stopped' || this.status === 'restarted';
  }

  private open(): void {
    let socket: BridgeSocket;
    try {
      socket = this.transport.createSocket(this.transport.socketUrl);
    } catch {
      this.failedOpens++;
      this.retry();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.attempt = 0;
      this.failedOpens = 0;
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
      // A first connection that never opened is still "connecting": the page has nothing to lose yet.
      if (this.status === 'open') this.setStatus('reconnecting');
      if (!opened) this.failedOpens++;
      this.retry();
    };
  }

  /** Reconnects after the backoff, or first asks whether this page's token can still work (see FAILED_OPENS_BEFORE_CHECK). */
  private retry(): void {
    if (this.failedOpens < FAILED_OPENS_BEFORE_CHECK) {
      this.scheduleReconnect();
      return;
    }
    this.failedOpens = 0;
    this.transport.check(this.transport.checkUrl).then(
      (status) => {
        if (status === 401 || status === 403) this.setStatus('restarted');
        else this.scheduleReconnect(); // it takes the token (or is something else): keep trying, with backoff
      },
      () => this.setStatus('stopped'),
    );
  }

  private scheduleReconnect(): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)];
    this.attempt++;
    this.transport.later(() => this.open(), delay);
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
