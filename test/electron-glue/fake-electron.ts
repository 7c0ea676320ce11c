/**
 * A recording fake of the parts of the `electron` main-process API the glue uses. It runs nothing: it only
 * remembers what the glue asked for (constructor options, handlers, listeners) so tests can inspect it and
 * play the role of Chromium by emitting events.
 */
import { EventEmitter } from 'node:events';

/** A cancellable event like Electron's `Event`. */
export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

/** Builds a cancellable event, with extra fields (e.g. `{ url }` for `will-navigate`). */
export function fakeEvent<T extends object>(fields?: T): FakeEvent & T {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...(fields ?? ({} as T)),
  };
  return event;
}

/** Stands in for `WebFrameMain`: a URL and a parent (null for a main frame). */
export class FakeWebFrame {
  constructor(
    public url: string,
    public parent: FakeWebFrame | null = null,
  ) {}
}

/** What a window-open handler answers (Electron's `WindowOpenHandlerResponse`, loosely typed). */
export interface FakeWindowOpenResponse {
  action: 'allow' | 'deny';
  outlivesOpener?: boolean;
  overrideBrowserWindowOptions?: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
}
type WindowOpenHandler = (details: { url: string }) => FakeWindowOpenResponse;

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | null = null;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  destroyed = false;
  readonly mainFrame: FakeWebFrame;
  /** The session of the contents' partition; each fake web contents gets its own. */
  readonly session: FakeSession;

  constructor(url = 'app://switchboard/index.html') {
    super();
    this.mainFrame = new FakeWebFrame(url);
    this.session = new FakeSession();
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  static failLoadWith: Error | null = null;
  readonly webContents = new FakeWebContents();
  readonly loadedUrls: string[] = [];
  shown = false;
  focused = false;
  minimized = false;
  /** Every `flashFrame` argument, in call order. */
  readonly flashes: boolean[] = [];
  destroyed = false;
  /** True once `destroy()` was called (rather than a user close). */
  destroyedByApp = false;
  title: string;

  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    this.title = typeof options.title === 'string' ? options.title : '';
    FakeBrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return FakeBrowserWindow.failLoadWith ? Promise.reject(FakeBrowserWindow.failLoadWith) : Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused = true;
    this.emit('focus');
  }
  /** Plays the user switching to another app. */
  blur(): void {
    this.focused = false;
    this.emit('blur');
  }
  isFocused(): boolean {
    return this.focused;
  }
  isVisible(): boolean {
    return this.shown;
  }
  flashFrame(flag: boolean): void {
    this.flashes.push(flag);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setTitle(title: string): void {
    this.title = title;
  }
  getTitle(): string {
    return this.title;
  }
  /** Plays the user closing the window. */
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
  /** Like Electron's `destroy()`: no `close` event, no `beforeunload`, but `closed` is emitted. */
  destroy(): void {
    this.destroyedByApp = true;
    this.close();
  }
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  readonly handlers = new Map<string, InvokeHandler>();
  handle(channel: string, handler: InvokeHandler): void {
    // Electron throws on a second handler for one channel; so does the fake.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean },
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: object) => boolean;

export class FakeSession extends EventEmitter {
  requestHandler: PermissionRequestHandler | null = null;
  checkHandler: PermissionCheckHandler | null = null;
  deviceHandler: ((details: object) => boolean) | null = null;
  spellCheckerEnabled = true;
  /** What was wiped, in call order: `connections`, `storage`, `cache`, `auth`. */
  readonly cleared: string[] = [];
  setDevicePermissionHandler(handler: ((details: object) => boolean) | null): void {
    this.deviceHandler = handler;
  }
  setSpellCheckerEnabled(enabled: boolean): void {
    this.spellCheckerEnabled = enabled;
  }
  closeAllConnections(): Promise<void> {
    this.cleared.push('connections');
    return Promise.resolve();
  }
  clearStorageData(): Promise<void> {
    this.cleared.push('storage');
    return Promise.resolve();
  }
  clearCache(): Promise<void> {
    this.cleared.push('cache');
    return Promise.resolve();
  }
  clearAuthCache(): Promise<void> {
    this.cleared.push('auth');
    return Promise.resolve();
  }
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.checkHandler = handler;
  }
  /** Plays Chromium asking for a permission; resolves with the handler's answer. */
  request(permission: string, requestingUrl: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.requestHandler) throw new Error('no permission request handler');
      this.requestHandler(null, permission, resolve, { requestingUrl, isMainFrame: true });
    });
  }
}

/** Stands in for `shell`: records the URLs handed to the system browser. */
export class FakeShell {
  readonly opened: string[] = [];
  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  }
}

/** Stands in for `Notification`: records every notification and lets tests click it. */
export class FakeNotification extends EventEmitter {
  static created: FakeNotification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  closed = false;

  constructor(readonly options: { title?: string; body?: string; silent?: boolean } & Record<string, unknown>) {
    super();
    FakeNotification.created.push(this);
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.emit('close', fakeEvent());
  }
  /** Plays the user clicking the notification. */
  click(): void {
    this.emit('click', fakeEvent());
  }
}

export class FakeProtocol {
  readonly privileged: unknown[] = [];
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  constructor(private readonly log: string[] = []) {}
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    this.log.push('registerSchemesAsPrivileged');
    this.privileged.push(...schemes);
  }
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    this.log.push(`handle:${scheme}`);
    this.handlers.set(scheme, handler);
  }
}

export class FakeApp extends EventEmitter {
  /** Order of the calls that must happen before `ready`, and of readiness itself. */
  readonly calls: string[];
  isPackaged = false;
  hasLock = true;
  quitRequests = 0;
  /** True once a quit went through without being prevented. */
  quitted = false;
  readonly paths: Record<string, string>;
  readonly switches: Record<string, string> = {};
  /** Every `setBadgeCount` argument, in call order. */
  readonly badgeCounts: number[] = [];
  appUserModelId: string | null = null;
  private markReady!: () => void;
  private readonly ready: Promise<void>;

  constructor(paths: Record<string, string>, calls: string[] = []) {
    super();
    this.paths = { ...paths };
    this.calls = calls;
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
  }
  readonly commandLine = {
    getSwitchValue: (name: string): string => this.switches[name] ?? '',
  };
  enableSandbox(): void {
    this.calls.push('enableSandbox');
  }
  requestSingleInstanceLock(): boolean {
    this.calls.push('requestSingleInstanceLock');
    return this.hasLock;
  }
  setPath(name: string, path: string): void {
    this.calls.push(`setPath:${name}`);
    this.paths[name] = path;
  }
  getPath(name: string): string {
    const path = this.paths[name];
    if (!path) throw new Error(`no fake path for ${name}`);
    return path;
  }
  setBadgeCount(count?: number): boolean {
    this.badgeCounts.push(count ?? 0);
    return true;
  }
  setAppUserModelId(id: string): void {
    this.appUserModelId = id;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  /** Plays Electron's `ready`. */
  becomeReady(): void {
    this.calls.push('ready');
    this.markReady();
  }
  quit(): void {
    this.quitRequests += 1;
    const event = fakeEvent();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  }
}
