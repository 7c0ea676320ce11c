import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The interop suite only (npm run test:interop): the core against real agents installed from npm by
// install-agents.mjs. Not part of `npm test`, whose projects live in the root vitest.config.ts.
export default defineConfig({
  test: {
    name: 'interop',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/interop/**/*.test.ts'],
    environment: 'node',
    // Each agent is time-boxed inside its test (see AGENT_BUDGET_MS); these are the outer limits.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One agent at a time: they are heavy, and their timings stay readable.
    fileParallelism: false,
  },
});
