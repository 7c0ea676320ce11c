/**
 * The connection worker as the app ships it (out/main/connection-worker.js, built by `npm test` before
 * vitest runs): it loads and starts the handshake. The other suites start it from source, so without this
 * a bundle that cannot load (once: two `require` declarations) would pass every test and break the app.
 */
import { Worker } from 'node:worker_threads';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { WorkerToMain } from '../../electron/core/acp/worker/surface';

let worker: Worker | undefined;
afterEach(() => worker?.terminate());

it('the built worker loads and sends initialize, advertising form mode (spec E-CAP-1)', async () => {
  worker = new Worker(pathToFileURL(resolve('out/main/connection-worker.js')));
  const firstWrite = new Promise<WorkerToMain>((done, fail) => {
    worker!.on('message', (message: WorkerToMain) => message.t === 'write' && done(message));
    worker!.on('error', fail);
  });
  worker.postMessage({ t: 'init', init: { modes: ['form'], clientInfo: { name: 'switchboard', title: 'Switchboard', version: '0' } } });
  const message = await firstWrite;
  const line = JSON.parse(new TextDecoder().decode((message as Extract<WorkerToMain, { t: 'write' }>).chunk));
  expect(line).toMatchObject({ method: 'initialize', params: { capabilities: { elicitation: { form: {} } } } });
});
