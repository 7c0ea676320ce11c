/**
 * Finds the Electron executable the `electron` package has downloaded, without triggering a download.
 *
 * Since Electron 42 the package no longer downloads its binary at install time: `require('electron')` (and
 * `npx electron`) fetch it the first time they run, which on a machine without access to GitHub's release
 * downloads fails with a stack trace. This looks only at what is on disk: `path.txt` (written by the
 * package's `install-electron` script) and the file it names under `dist/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Sentence printed where the binary is missing: what to run instead. */
export const NO_ELECTRON_BINARY_ADVICE =
  'The Electron binary could not be downloaded here, so run the same app in a browser instead: ' +
  '"npm run build && npm run harness" (README, "Without an Electron binary").';

/**
 * The absolute path of the downloaded Electron executable, or null when it was never downloaded.
 * `packageDir` defaults to the `electron` package this project resolves; tests pass a folder of their own.
 */
export function findElectronBinary(packageDir: string = electronPackageDir()): string | null {
  try {
    const relative = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
    if (!relative) return null;
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const binary = override ? join(override, relative) : join(packageDir, 'dist', relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Folder of the installed `electron` package (found from its package.json, which never downloads). */
export function electronPackageDir(): string {
  return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
}
