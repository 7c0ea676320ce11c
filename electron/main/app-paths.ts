/**
 * Where the built pieces live, relative to the main bundle itself (`out/main/index.js`).
 *
 * Paths are derived from the bundle's own folder rather than `app.getAppPath()`, because the latter is
 * `out/main` when Electron is started with a file path (`electron out/main/index.js`) but the project folder
 * when started with a folder; the bundle's folder is `<app>/out/main` in both cases, and
 * `…/resources/app.asar/out/main` in a packaged app.
 */
import { join } from 'node:path';

export interface AppPaths {
  /** The sandboxed preload bundle, `out/preload/index.cjs`. */
  preload: string;
  /** The built renderer served on `app://switchboard/`, `out/renderer`. */
  rendererRoot: string;
  /** The demo agent entry, `out/main/demo-agent.js`, run as a utilityProcess from inside the archive. */
  demoAgent: string;
  /** The tray / menu-bar images: `<resources>/tray` when packaged (extraResources), `build/tray` otherwise. */
  trayIcons: string;
}

/**
 * Resolves the built pieces from the main bundle's folder (`out/main`); `resourcesPath` is
 * `process.resourcesPath` in a packaged app and null otherwise.
 */
export function resolveAppPaths(mainDir: string, resourcesPath: string | null = null): AppPaths {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    rendererRoot: join(mainDir, '..', 'renderer'),
    demoAgent: join(mainDir, 'demo-agent.js'),
    trayIcons: resourcesPath ? join(resourcesPath, 'tray') : join(mainDir, '..', '..', 'build', 'tray'),
  };
}
