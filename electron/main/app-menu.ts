/**
 * The native application menu as a template: the standard roles (Edit, View, Window, the macOS app menu)
 * plus Switchboard's own commands with accelerators. Building it is plain data, so the tests read the
 * template directly; `Menu.buildFromTemplate` in the lifecycle turns it into the real menu.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { SHORTCUTS } from '../../shared/shortcuts';

/** The app's own commands, as the menu (and the tray) ask for them. */
export type AppCommand =
  | 'newSession'
  | 'nextWaitingRequest'
  | 'previousWaitingRequest'
  | 'addAgent'
  | 'settings'
  | 'about'
  | 'checkForUpdates';

/**
 * Accelerators of the app's commands (Electron syntax; CmdOrCtrl is ⌘ on macOS, Ctrl elsewhere). The waiting-request
 * ones come from the shared shortcut table, which the renderer's key handler also reads (shared/shortcuts.ts).
 */
export const COMMAND_ACCELERATORS: Record<'newSession' | 'nextWaitingRequest' | 'previousWaitingRequest' | 'addAgent' | 'settings', string> = {
  newSession: 'CmdOrCtrl+N',
  nextWaitingRequest: SHORTCUTS.nextWaitingRequest.accelerator,
  previousWaitingRequest: SHORTCUTS.previousWaitingRequest.accelerator,
  addAgent: 'CmdOrCtrl+Shift+N',
  settings: SHORTCUTS.settings.accelerator,
};

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Developer tools and reload (unpackaged runs only). */
  devTools: boolean;
  /** Whether updates can be checked at all here (packaged, not turned off by policy). */
  updatesAvailable: boolean;
  /** The user's "Check for updates automatically" setting. */
  autoUpdates: boolean;
  run: (command: AppCommand) => void;
  setAutoUpdates: (enabled: boolean) => void;
}

/** The menu template for `options.platform`. */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const command = (label: string, name: AppCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => options.run(name),
  });
  const updateItems: MenuItemConstructorOptions[] = options.updatesAvailable
    ? [
        command('Check for Updates…', 'checkForUpdates'),
        {
          label: 'Check for Updates Automatically',
          type: 'checkbox',
          checked: options.autoUpdates,
          click: (item) => options.setAutoUpdates(item.checked),
        },
      ]
    : [];
  // Shown in the menu but carried out by the renderer's own key handler (it knows which card has focus, and works
  // in the browser harness too): registering them as well would run each press twice.
  const rendererKey = (label: string, name: 'nextWaitingRequest' | 'previousWaitingRequest'): MenuItemConstructorOptions => ({
    ...command(label, name, COMMAND_ACCELERATORS[name]),
    registerAccelerator: false,
  });
  const settings = command(mac ? 'Settings…' : 'Settings', 'settings', COMMAND_ACCELERATORS.settings);

  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    submenu: [
      command('About Switchboard', 'about'),
      ...(updateItems.length ? [{ type: 'separator' } as const, ...updateItems] : []),
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const fileMenu: MenuItemConstructorOptions = {
    role: 'fileMenu',
    submenu: [
      command('New Session', 'newSession', COMMAND_ACCELERATORS.newSession),
      command('Add Agent…', 'addAgent', COMMAND_ACCELERATORS.addAgent),
      { type: 'separator' },
      ...(mac ? [{ role: 'close' } as const] : [settings, { type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    role: 'viewMenu',
    submenu: [
      rendererKey('Next Waiting Request', 'nextWaitingRequest'),
      rendererKey('Previous Waiting Request', 'previousWaitingRequest'),
      { type: 'separator' },
      ...(options.devTools ? [{ role: 'reload' } as const, { role: 'forceReload' } as const, { role: 'toggleDevTools' } as const, { type: 'separator' } as const] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  // On macOS, About and updates live in the app menu; elsewhere in Help.
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [command('About Switchboard', 'about'), ...(updateItems.length ? [{ type: 'separator' } as const, ...updateItems] : [])],
  };
  return [
    ...(mac ? [appMenu] : []),
    fileMenu,
    { role: 'editMenu' },
    viewMenu,
    { role: 'windowMenu' },
    ...(mac ? [] : [helpMenu]),
  ];
}
