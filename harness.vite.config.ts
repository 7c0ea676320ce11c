import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { moduleSideEffects } from './scripts/main-bundle';

// The test harness and the bench's view of the core, built to plain JavaScript for Node:
// start-up then measures the app, not a TypeScript compiler, and the bench runs the same built code it reports
// on. Dependencies are bundled in, as in the Electron main bundle (electron.vite.config.ts): resolving, reading and
// linking ~200 separate modules, and lexing each CommonJS one for its exports, was most of main's start before it
// listened (docs/performance.md, "Start-up"). better-sqlite3 stays external: it loads a native addon.
export default defineConfig({
  ssr: { noExternal: true, external: ['better-sqlite3'] },
  build: {
    ssr: true,
    outDir: 'out/harness',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        cli: resolve(__dirname, 'electron/harness/cli.ts'),
        core: resolve(__dirname, 'bench/app-core.ts'),
        // Started by the hub, one per agent connection, from the folder of the code that starts it (worker-entry.ts).
        'connection-worker': resolve(__dirname, 'electron/core/acp/worker/connection-worker.ts'),
      },
      treeshake: { moduleSideEffects },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    },
  },
});
