import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The test harness and the bench's view of the core, built to plain JavaScript for Node (issue 13, scope 4):
// start-up then measures the app, not a TypeScript compiler, and the bench runs the same built code it reports
// on. Dependencies stay external (resolved from node_modules at run time, as in the Electron main bundle).
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/harness',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        cli: resolve(__dirname, 'test/harness/cli.ts'),
        core: resolve(__dirname, 'bench/app-core.ts'),
        // Started by the hub, one per agent connection, from the folder of the code that starts it (worker-entry.ts).
        'connection-worker': resolve(__dirname, 'electron/core/acp/worker/connection-worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    },
  },
});
