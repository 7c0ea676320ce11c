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
  reloads = 0;
  crashes = 0;
  reload(): void {
    this.reloads += 1;
  }
  forcefullyCrashRenderer(): void {
    this.crashes += 1;
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
  maximized = false;
  normalBounds = { x: 0, y: 0, width: 1280, height: 820 };

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
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  /** Every `setOverlayIcon` call: the image's path (null to clear) and the description. */
  readonly overlays: Array<{ image: string | null; description: string }> = [];
  setOverlayIcon(image: { path: string } | null, description: string): void {
    this.overlays.push({ image: image?.path ?? null, description });
  }
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.normalBounds };
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
    hasSwitch: (name: string): boolean => name in this.switches,
  };
  /** The code of an `exit` call (which, unlike `quit`, skips every event), or null. */
  exitCode: number | null = null;
  exit(code = 0): void {
    this.calls.push(`exit:${code}`);
    this.exitCode = code;
  }
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
  aboutPanelOptions: Record<string, unknown> | null = null;
  aboutPanelShown = 0;
  setAboutPanelOptions(options: Record<string, unknown>): void {
    this.aboutPanelOptions = options;
  }
  showAboutPanel(): void {
    this.aboutPanelShown += 1;
  }
  getVersion(): string {
    return '0.1.0';
  }
  getAppPath(): string {
    return this.paths.appPath ?? process.cwd();
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

/** Stands in for `UtilityProcess`: records what was posted; tests play the child with `reply` and `exit`. */
export class FakeUtilityProcess extends EventEmitter {
  readonly posted: unknown[] = [];
  killed = false;
  readonly stderr = new EventEmitter();
  constructor(
    readonly modulePath: string,
    readonly args: string[],
    readonly options: Record<string, unknown>,
  ) {
    super();
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  kill(): boolean {
    this.killed = true;
    this.emit('exit', 1);
    return true;
  }
  /** Plays the child sending a message on its parent port. */
  reply(message: unknown): void {
    this.emit('message', message);
  }
}

/** Stands in for the `utilityProcess` module. */
export class FakeUtilityProcessModule {
  readonly forked: FakeUtilityProcess[] = [];
  fork(modulePath: string, args: string[] = [], options: Record<string, unknown> = {}): FakeUtilityProcess {
    const child = new FakeUtilityProcess(modulePath, args, options);
    this.forked.push(child);
    return child;
  }
}

/** A menu template item as the glue builds it (Electron's MenuItemConstructorOptions, loosely typed). */
export interface FakeMenuItem {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  checked?: boolean;
  enabled?: boolean;
  submenu?: FakeMenuItem[];
  click?: (item: { checked: boolean }) => void;
}

/** Stands in for `Menu`: keeps the built templates and the application menu. */
export class FakeMenu {
  static applicationMenu: FakeMenu | null = null;
  constructor(readonly template: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]): FakeMenu {
    return new FakeMenu(template);
  }
  static setApplicationMenu(menu: FakeMenu | null): void {
    FakeMenu.applicationMenu = menu;
  }
  /** The item with this label anywhere in the menu. */
  find(label: string): FakeMenuItem | undefined {
    const walk = (items: FakeMenuItem[]): FakeMenuItem | undefined => {
      for (const item of items) {
        if (item.label === label) return item;
        const inner = item.submenu && walk(item.submenu);
        if (inner) return inner;
      }
      return undefined;
    };
    return walk(this.template);
  }
}

/** Stands in for `NativeImage`. */
export class FakeNativeImage {
  template = false;
  constructor(readonly path: string) {}
  setTemplateImage(flag: boolean): void {
    this.template = flag;
  }
}

/** Stands in for `Tray`: its texts, menu and click. */
export class FakeTray extends EventEmitter {
  static created: FakeTray[] = [];
  tooltip = '';
  title = '';
  menu: FakeMenu | null = null;
  constructor(readonly image: FakeNativeImage) {
    super();
    FakeTray.created.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(text: string): void {
    this.title = text;
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menu = menu;
  }
  popUpContextMenu(menu?: FakeMenu): void {
    this.menu = menu ?? this.menu;
  }
}

/**
 * The installed-app parts of the Electron API the lifecycle needs (utility process, menu, tray, images,
 * screen), as fakes; spread into a test's `electron` object.
 */
export function fakeInstalledAppApi(workArea = { x: 0, y: 0, width: 1920, height: 1080 }) {
  return {
    utilityProcess: new FakeUtilityProcessModule(),
    Menu: FakeMenu,
    Tray: FakeTray,
    nativeImage: { createFromPath: (path: string) => new FakeNativeImage(path) },
    screen: { getPrimaryDisplay: () => ({ workArea }), getAllDisplays: () => [{ workArea }] },
  };
}
