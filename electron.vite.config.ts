import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { moduleSideEffects } from './scripts/main-bundle';

// Three bundles: main (Electron glue + the plain-Node core, plus the demo agent and the agent connection
// worker as entries of their own so they ship inside the app), preload (sandboxed, so one self-contained CommonJS file), renderer (React).
export default defineConfig({
  main: {
    build: {
      // Bundled in, except the native SQLite binding and the updater (which loads Electron's own modules): one file to
      // compile instead of ~200 modules to resolve, read, link and lex at start (docs/performance.md, "Start-up").
      externalizeDeps: { exclude: ['@agentclientprotocol/sdk', 'ajv', 'ajv-formats', 'anser', 'fzf', 'ignore', 'jsonc-parser', 'punycode', 're2js', 'tldts', 'zod'] },
      rollupOptions: {
        treeshake: { moduleSideEffects },
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          'demo-agent': resolve(__dirname, 'electron/demo-agent/index.ts'),
          // One worker per agent connection (docs/isolation.md); started from out/main/connection-worker.js.
          'connection-worker': resolve(__dirname, 'electron/core/acp/worker/connection-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      // Minified: the page parses and compiles less at start. The markdown stack and the URL card's
      // address analysis are split into chunks loaded when first needed (Markdown.tsx, LazyUrlCard.tsx).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
