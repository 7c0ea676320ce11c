// Starts the connection worker from TypeScript source (vitest, `npm run harness`): a Worker does not
// inherit its parent's TypeScript transform, so tsx is registered here first. Never used by the built
// app, which starts the bundled `connection-worker.js` (see worker-entry.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
