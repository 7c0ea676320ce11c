/**
 * What `npm run bench` drives, built to `out/harness/core.js` with the harness (harness.vite.config.ts), so the
 * bench measures the same built JavaScript the harness runs rather than TypeScript compiled on the fly.
 */
export { Hub } from '../electron/core/hub';
export { startHarness } from '../electron/harness/server';
