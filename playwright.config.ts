import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's Chromium here (CHROMIUM_PATH overrides); elsewhere, e.g. on hosted runners after
// `npx playwright install chromium`, Playwright's own build.
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// Two projects, grouped by where they can run (style.md):
// - e2e: the built renderer in Debian's Chromium, the real core in Node, joined by the harness.
// - electron: the packaged-style app through Playwright's _electron; skips itself where no binary exists.
export default defineConfig({
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'e2e',
      testDir: 'test/e2e',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumPath,
          // Chromium's background services try the network at start; this machine has none.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
    { name: 'electron', testDir: 'test/electron' },
  ],
});
