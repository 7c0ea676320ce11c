import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppPaths } from '../../electron/main/app-paths';

describe('app paths', () => {
  it('finds the preload, renderer, demo agent and tray images from the main bundle folder in an unpacked run', () => {
    expect(resolveAppPaths(join('/', 'work', 'app', 'out', 'main'))).toEqual({
      preload: join('/', 'work', 'app', 'out', 'preload', 'index.cjs'),
      rendererRoot: join('/', 'work', 'app', 'out', 'renderer'),
      demoAgent: join('/', 'work', 'app', 'out', 'main', 'demo-agent.js'),
      trayIcons: join('/', 'work', 'app', 'build', 'tray'),
    });
  });

  it('runs everything, the demo agent included, from inside app.asar in a packaged app; tray images from resources', () => {
    const resources = join('/', 'opt', 'Switchboard', 'resources');
    const paths = resolveAppPaths(join(resources, 'app.asar', 'out', 'main'), resources);
    // The runAsNode fuse is off, so the demo agent is a utilityProcess, which reads the archive itself.
    expect(paths.demoAgent).toBe(join(resources, 'app.asar', 'out', 'main', 'demo-agent.js'));
    expect(paths.preload).toBe(join(resources, 'app.asar', 'out', 'preload', 'index.cjs'));
    expect(paths.trayIcons).toBe(join(resources, 'tray'));
  });
});
