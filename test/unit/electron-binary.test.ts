/**
 * `npm start` and the `_electron` smoke test decide from the disk alone whether Electron's binary exists,
 * because asking the `electron` package downloads it (Electron 42 moved the download from postinstall to
 * first use).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../scripts/electron-binary';

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
