/**
 * Entry of the Electron main process (`out/main/index.js`): hands the real Electron API and the real hub to
 * {@link startSwitchboard}. Everything with behaviour lives in the modules next to this one.
 */
import { app, BrowserWindow, dialog, ipcMain, Notification, protocol, session, shell } from 'electron';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hub } from '../core/hub';
import { startSwitchboard } from './app-lifecycle';

startSwitchboard(
  { app, BrowserWindow, dialog, ipcMain, Notification, protocol, session, shell },
  {
    mainDir: dirname(fileURLToPath(import.meta.url)),
    rendererDevUrl: process.env.ELECTRON_RENDERER_URL,
    execPath: process.execPath,
    platform: process.platform,
    createHub: (options) => new Hub(options),
    log: (line) => console.log(`[switchboard] ${line}`),
  },
);
