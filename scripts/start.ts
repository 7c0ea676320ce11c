/**
 * `npm start` and `npm run dev`: make sure the Electron binary is there, then run `electron-vite preview`
 * (build, then open the app) or `electron-vite dev` (hot reload). The first argument picks which:
 * `preview` or `dev`; the rest go to electron-vite unchanged.
 *
 * Since Electron 42 the binary is not downloaded at install time. Where it is missing this runs the
 * package's own `install-electron` once (unless ELECTRON_SKIP_BINARY_DOWNLOAD is set); where that fails
 * (no access to GitHub's downloads) it prints one plain sentence saying what to do instead and exits with
 * code 1, rather than the download's stack trace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { NO_ELECTRON_BINARY_ADVICE, electronPackageDir, findElectronBinary } from './electron-binary';

function ensureElectronBinary(): boolean {
  if (findElectronBinary() !== null) return true;
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return false;
  console.log('Downloading the Electron binary (once)…');
  const result = spawnSync(process.execPath, [join(electronPackageDir(), 'install.js')], { stdio: 'pipe', encoding: 'utf8' });
  return result.status === 0 && findElectronBinary() !== null;
}

if (!ensureElectronBinary()) {
  console.error(NO_ELECTRON_BINARY_ADVICE);
  process.exit(1);
}

/** electron-vite subcommands this script may run; anything else is a mistake in package.json. */
const ELECTRON_VITE_COMMANDS = new Set(['preview', 'dev']);
const [command = 'preview', ...passThrough] = process.argv.slice(2);
if (!ELECTRON_VITE_COMMANDS.has(command)) {
  console.error(`scripts/start.ts runs "preview" or "dev", not "${command}".`);
  process.exit(2);
}

const child = spawn('electron-vite', [command, ...passThrough], { stdio: 'inherit', shell: process.platform === 'win32' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
