/**
 * electron-builder.yml, checked here because the installers themselves are built only on hosted runners:
 * the config against the JSON Schema electron-builder ships, the fuses a release must have, and the file set
 * `files` / `asarUnpack` select from the built `out/` — evaluated with electron-builder's own FileMatcher,
 * the class its packager uses, so the test sees what a package would contain.
 *
 * The file-set cases need `npm run build` first (npm test builds before it runs vitest).
 */
import Ajv from 'ajv';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';

const projectDir = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const config = yaml.load(readFileSync(join(projectDir, 'electron-builder.yml'), 'utf8')) as Record<string, unknown> & {
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  mac: Record<string, unknown>;
  nsis: Record<string, unknown>;
  linux: Record<string, unknown>;
};

/** The config validator, compiled once from the schema electron-builder ships. */
const validateConfig = (() => {
  const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
  // strict: false as electron-builder's own validator does: the schema uses a non-standard `typeof` keyword.
  return new Ajv({ allErrors: true, strict: false }).compile(schema);
})();

/** electron-builder's matcher for one `files`-style pattern list, rooted at the project. */
type Filter = (file: string, stat: { isDirectory(): boolean }) => boolean;
function matcherFilter(patterns: string[]): Filter {
  const { FileMatcher } = require('app-builder-lib/out/fileMatcher') as {
    FileMatcher: new (from: string, to: string, expand: (s: string) => string, patterns: string[]) => { createFilter(): Filter };
  };
  return new FileMatcher(projectDir, projectDir, (s) => s, patterns).createFilter();
}

/** Every file under `dir` the filter keeps, walking only into directories it keeps (as the packager does). */
function selected(filter: Filter, dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (!filter(path, stat)) continue;
    if (stat.isDirectory()) found.push(...selected(filter, path));
    else found.push(relative(projectDir, path).split(sep).join('/'));
  }
  return found;
}

describe('electron-builder.yml', () => {
  it('is valid against the JSON Schema electron-builder ships (app-builder-lib/scheme.json)', () => {
    const validate = validateConfig;
    const valid = validate(config);
    expect(validate.errors ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check can fail: an unknown key and a wrong type are reported', () => {
    const validate = validateConfig;
    expect(validate({ ...config, asarr: true, nsis: { ...config.nsis, oneClick: 'yes' } })).toBe(false);
    const messages = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    expect(messages.join('\n')).toMatch(/additional properties/);
    expect(messages.join('\n')).toMatch(/\/nsis\/oneClick must be boolean/);
  });

  it('sets the release fuses: no run-as-node, asar integrity and asar-only loading, no NODE_OPTIONS or --inspect, encrypted cookies', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('builds dmg + zip for arm64 and x64 with the hardened runtime and the app’s entitlements', () => {
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.entitlements).toBe('build/entitlements.mac.plist');
    // Notarisation comes from environment variables and is skipped without them; `false` would disable it.
    expect(config.mac).not.toHaveProperty('notarize');
    const entitlements = readFileSync(join(projectDir, 'build/entitlements.mac.plist'), 'utf8');
    expect([...entitlements.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('installs per user on Windows without asking for administrator rights', () => {
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
  });

  it('ships every icon file the config names', () => {
    for (const path of [config.mac.icon, (config.win as Record<string, unknown>).icon, 'build/icon.png', 'build/icons/512x512.png', 'build/tray/trayTemplate.png', 'build/tray/tray.png', 'build/tray/badge.png']) {
      expect(existsSync(join(projectDir, String(path))), String(path)).toBe(true);
    }
  });
});

describe('the packaged file set (files and asarUnpack over out/)', () => {
  let packaged: string[];
  beforeAll(() => {
    expect(existsSync(join(projectDir, 'out', 'main', 'index.js')), 'out/ is missing: run "npm run build" first').toBe(true);
    const filter = matcherFilter(config.files);
    packaged = [...selected(filter, join(projectDir, 'out')), ...(filter(join(projectDir, 'package.json'), statSync(join(projectDir, 'package.json'))) ? ['package.json'] : [])];
  });

  it('contains the main bundle, the demo agent, the connection worker, the preload, the renderer and package.json', () => {
    expect(packaged).toEqual(
      expect.arrayContaining(['out/main/index.js', 'out/main/demo-agent.js', 'out/main/connection-worker.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']),
    );
    expect(packaged.some((file) => /^out\/renderer\/assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it('contains no sources, tests or source maps', () => {
    const stray = packaged.filter((file) => !file.startsWith('out/') && file !== 'package.json');
    expect(stray).toEqual([]);
    expect(packaged.filter((file) => /\.(map|ts|tsx)$/.test(file) || file.includes('/test/'))).toEqual([]);
    // The matcher itself excludes what the patterns exclude (a map electron-vite might emit one day).
    const filter = matcherFilter(config.files);
    const file = { isDirectory: () => false };
    expect(filter(join(projectDir, 'out', 'main', 'index.js.map'), file)).toBe(false);
    expect(filter(join(projectDir, 'electron', 'main', 'index.ts'), file)).toBe(false);
    expect(filter(join(projectDir, 'test', 'unit', 'x.test.ts'), file)).toBe(false);
  });

  it('contains no file of the harness host, built or source', () => {
    expect(packaged.filter((file) => file.startsWith('out/harness/') || file.includes('/harness/'))).toEqual([]);
    // Whether or not `npm run build` has written out/harness/ on this machine, its files are left out.
    const filter = matcherFilter(config.files);
    const file = { isDirectory: () => false };
    for (const name of ['cli.js', 'core.js', 'connection-worker.js']) expect(filter(join(projectDir, 'out', 'harness', name), file)).toBe(false);
    expect(filter(join(projectDir, 'electron', 'harness', 'server.ts'), file)).toBe(false);
  });

  it('keeps the bundles inside the archive and unpacks only native modules', () => {
    const unpack = matcherFilter(config.asarUnpack);
    const file = { isDirectory: () => false };
    expect(packaged.filter((path) => unpack(join(projectDir, path), file))).toEqual([]);
    // A native binding such as a SQLite module must be a real file for dlopen().
    expect(unpack(join(projectDir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), file)).toBe(true);
    expect(unpack(join(projectDir, 'node_modules', 'zod', 'index.js'), file)).toBe(false);
  });
});
