import { defineConfig } from 'vitest/config';

// Two groups by where they run (style.md, "tests grouped by where they must run"):
// unit: pure modules and the Electron glue with a fake `electron`; integration: the core with real child processes.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/electron-glue/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
    ],
  },
});
