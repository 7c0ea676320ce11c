import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppPaths, unpackedPath } from '../../electron/main/app-paths';

describe('app paths', () => {
  it('finds the preload bundle, the renderer and the demo agent next to the main bundle', () => {
    const mainDir = join('/', 'work', 'app', 'out', 'main');
    expect(resolveAppPaths(mainDir)).toEqual({
      preload: join('/', 'work', 'app', 'out', 'preload', 'index.cjs'),
      rendererRoot: join('/', 'work', 'app', 'out', 'renderer'),
      demoAgent: join('/', 'work', 'app', 'out', 'main', 'demo-agent.js'),
    });
  });

  it('runs the demo agent from app.asar.unpacked in a packaged app, but loads the rest from the archive', () => {
    const mainDir = join('/', 'opt', 'Switchboard', 'resources', 'app.asar', 'out', 'main');
    const paths = resolveAppPaths(mainDir);
    expect(paths.demoAgent).toBe(join('/', 'opt', 'Switchboard', 'resources', 'app.asar.unpacked', 'out', 'main', 'demo-agent.js'));
    expect(paths.preload).toBe(join('/', 'opt', 'Switchboard', 'resources', 'app.asar', 'out', 'preload', 'index.cjs'));
  });

  it('leaves paths that are not inside an asar archive unchanged', () => {
    const path = join('/', 'home', 'me', 'my.app.asar.notes', 'x.js');
    expect(unpackedPath(path)).toBe(path);
  });
});
