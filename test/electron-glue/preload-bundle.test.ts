import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The built preload (`npm run build` makes it; `npm test` builds before running vitest). A sandboxed
// preload can require only `electron` and a few Node built-ins, so the bundle is run here in a bare
// context whose `require` knows nothing else.
const BUNDLE = fileURLToPath(new URL('../../out/preload/index.cjs', import.meta.url));

describe('built preload bundle', () => {
  it.skipIf(!existsSync(BUNDLE))('runs in a bare context requiring nothing but electron', () => {
    const required: string[] = [];
    const exposed: Array<{ key: string; api: Record<string, unknown> }> = [];
    const electron = {
      contextBridge: {
        exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.push({ key, api }),
      },
      ipcRenderer: { invoke: async () => ({ ok: true, value: null }), on() {}, removeListener() {} },
    };
    const fakeRequire = (name: string): unknown => {
      required.push(name);
      if (name === 'electron') return electron;
      throw new Error(`A sandboxed preload cannot require "${name}".`);
    };
    const module = { exports: {} };
    runInNewContext(readFileSync(BUNDLE, 'utf8'), { require: fakeRequire, module, exports: module.exports });
    expect(required).toEqual(['electron']);
    expect(exposed.map((entry) => [entry.key, Object.keys(entry.api).sort()])).toEqual([
      ['switchboard', ['invoke', 'subscribe']],
    ]);
  });
});
