/**
 * Where the built pieces live, relative to the main bundle itself (`out/main/index.js`).
 *
 * Paths are derived from the bundle's own folder rather than `app.getAppPath()`, because the latter is
 * `out/main` when Electron is started with a file path (`electron out/main/index.js`) but the project folder
 * when started with a folder; the bundle's folder is `<app>/out/main` in both cases, and
 * `…/resources/app.asar/out/main` in a packaged app.
 */
import { join, sep } from 'node:path';

export interface AppPaths {
  /** The sandboxed preload bundle, `out/preload/index.cjs`. */
  preload: string;
  /** The built renderer served on `app://switchboard/`, `out/renderer`. */
  rendererRoot: string;
  /** The demo agent entry, `out/main/demo-agent.js`, outside the asar archive when packaged. */
  demoAgent: string;
}

/**
 * Maps a path inside `app.asar` to its twin in `app.asar.unpacked` (where electron-builder's `asarUnpack`
 * puts files); other paths are returned unchanged.
 */
export function unpackedPath(path: string): string {
  const packed = `${sep}app.asar${sep}`;
  return path.includes(packed) ? path.replace(packed, `${sep}app.asar.unpacked${sep}`) : path;
}

/** Resolves the preload, renderer and demo agent paths from the main bundle's folder (`out/main`). */
export function resolveAppPaths(mainDir: string): AppPaths {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    rendererRoot: join(mainDir, '..', 'renderer'),
    demoAgent: unpackedPath(join(mainDir, 'demo-agent.js')),
  };
}
