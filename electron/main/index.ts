/**
 * Entry of the Electron main process (`out/main/index.js`): hands the real Electron API, the real hub and
 * electron-updater to {@link startSwitchboard}. Everything with behaviour lives in the modules next to this one.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, protocol, screen, session, shell, Tray, utilityProcess } from 'electron';
import electronUpdater from 'electron-updater';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hub } from '../core/hub';
import { startSwitchboard } from './app-lifecycle';
import { linuxInstallKind, updateFeedConfigured } from './update-policy';

function readTextOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

startSwitchboard(
  { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, protocol, screen, session, shell, Tray, utilityProcess },
  {
    mainDir: dirname(fileURLToPath(import.meta.url)),
    rendererDevUrl: process.env.ELECTRON_RENDERER_URL,
    resourcesPath: process.resourcesPath,
    // electron-updater's autoUpdater is created on first access; an unpackaged run never touches it.
    updater: app.isPackaged ? electronUpdater.autoUpdater : null,
    hasUpdateFeed: app.isPackaged && updateFeedConfigured(readTextOrEmpty(join(process.resourcesPath, 'app-update.yml'))),
    ...(process.platform === 'linux' ? { linuxInstall: linuxInstallKind(process.env.APPIMAGE, readTextOrEmpty(join(process.resourcesPath, 'package-type'))) } : {}),
    versions: process.versions,
    platform: process.platform,
    createHub: (options) => new Hub(options),
    log: (line) => console.log(`[switchboard] ${line}`),
  },
);
