/**
 * The tray (menu-bar) icon: the number of requests waiting (beside the icon on macOS, in the tooltip
 * everywhere) and a click that opens the oldest one. Texts come from tray-text.ts.
 */
import type { Menu, NativeImage, Tray } from 'electron';
import { join } from 'node:path';
import { openOldestLabel, trayTitle, trayTooltip } from './tray-text';

export interface TrayApi {
  Tray: new (image: NativeImage | string) => Tray;
  Menu: Pick<typeof Menu, 'buildFromTemplate'>;
  nativeImage: { createFromPath(path: string): NativeImage };
}

export interface WaitingTrayOptions {
  platform: NodeJS.Platform;
  /** Folder of trayTemplate.png (+ @2x) and tray.png (app-paths.ts). */
  iconDir: string;
  /** Opens the request that has waited longest (or just the window when none waits). */
  openOldest: () => void;
  showWindow: () => void;
  quit: () => void;
}

/** Creates the tray icon; `update(count)` sets its texts and menu. Keep the returned object referenced. */
export function createWaitingTray(api: TrayApi, options: WaitingTrayOptions): { tray: Tray; update(waiting: number): void } {
  const mac = options.platform === 'darwin';
  // macOS: a template image, tinted by the system for light and dark menu bars (the @2x file is found by name).
  const image = api.nativeImage.createFromPath(join(options.iconDir, mac ? 'trayTemplate.png' : 'tray.png'));
  if (mac) image.setTemplateImage(true);
  const tray = new api.Tray(image);
  let menu: Menu | null = null;
  // A click opens the oldest request. On macOS a set context menu would swallow the click, so the menu
  // pops up on right-click there; Linux trays (AppIndicator) show only the menu, whose first item does it.
  tray.on('click', () => options.openOldest());
  if (mac) tray.on('right-click', () => menu && tray.popUpContextMenu(menu));
  const update = (waiting: number) => {
    tray.setToolTip(trayTooltip(waiting));
    if (mac) tray.setTitle(trayTitle(waiting));
    menu = api.Menu.buildFromTemplate([
      { label: openOldestLabel(waiting), enabled: waiting > 0, click: () => options.openOldest() },
      { label: 'Show Switchboard', click: () => options.showWindow() },
      { type: 'separator' },
      { label: 'Quit Switchboard', click: () => options.quit() },
    ]);
    if (!mac) tray.setContextMenu(menu);
  };
  update(0);
  return { tray, update };
}
