/**
 * `npm start` and the `_electron` smoke test decide from the disk alone whether Electron's binary exists,
 * because asking the `electron` package downloads it (Electron 42 moved the download from postinstall to
 * first use).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_ELECTRON_BINARY_ADVICE, findElectronBinary } from '../../scripts/electron-binary';

const made: string[] = [];
function fakePackage(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-electron-pkg-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('findElectronBinary', () => {
  it('returns the executable path.txt names under dist/', () => {
    const dir = fakePackage({ 'path.txt': 'electron', 'dist/electron': '' });
    expect(findElectronBinary(dir)).toBe(join(dir, 'dist', 'electron'));
  });

  it('returns null when the download never ran (no path.txt)', () => {
    expect(findElectronBinary(fakePackage({ 'index.js': '' }))).toBeNull();
  });

  it('returns null when path.txt names a file that is not there (a download cut short)', () => {
    expect(findElectronBinary(fakePackage({ 'path.txt': 'Electron.app/Contents/MacOS/Electron' }))).toBeNull();
  });
});

describe('npm start and npm run dev without the Electron binary', () => {
  // README "Set up and run": `npm run dev` does what `npm start` does, so both must end in the one sentence
  // rather than electron-vite's "Electron uninstall" stack trace. An empty override folder hides any binary
  // this machine has, and ELECTRON_SKIP_BINARY_DOWNLOAD keeps the script from fetching one.
  for (const script of ['start', 'dev']) {
    it(`npm run ${script} prints what to do instead and exits 1`, () => {
      const empty = mkdtempSync(join(tmpdir(), 'sb-no-electron-'));
      made.push(empty);
      const result = spawnSync('npm', ['run', '--silent', script], {
        cwd: join(import.meta.dirname, '..', '..'),
        encoding: 'utf8',
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ELECTRON_OVERRIDE_DIST_PATH: empty },
        shell: process.platform === 'win32',
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(NO_ELECTRON_BINARY_ADVICE);
      expect(result.stdout + result.stderr).not.toMatch(/getElectronPath|at .+:\d+:\d+/);
    }, 60_000); // a ceiling for npm and tsx starting on a loaded machine, not a speed check
  }
});
