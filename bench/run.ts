/**
 * `npm run bench`: the speed and memory numbers the product cares about, measured, not asserted.
 *
 * 1. Main-side form check per keystroke (ajv + re2js) on the demo agent's every-field form: the renderer
 *    calls it through `saveDraft` on every change, so it must stay far below a frame (16 ms).
 * 2. A streaming flood: 100 000 agent text chunks through the event batcher — how many batches cross the
 *    bridge and how long the hub spends (architecture rule 6).
 * 3. Round trip of an elicitation through the real core and the real demo agent: prompt → queued item →
 *    accept → the agent's echo in the transcript, median of 20.
 * 4. The history store (bench/history.ts): 10,000 sessions, list and transcript opening, search.
 *    `HISTORY_BENCH_SCALE=1` writes the full 1 GB year (default 0.1; the timed transcripts are full size).
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EventBatcher } from '../electron/core/event-batcher';
import { Hub } from '../electron/core/hub';
import { describeForm, initialValues } from '../shared/form-schema';
import { checkValues } from '../shared/form-validation';
import { projectDetailsSchema } from '../electron/demo-agent/schemas';
import { benchHistory, historyReport } from './history';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function benchFormCheck(): void {
  const { fields } = describeForm(projectDetailsSchema());
  const values = { ...initialValues(fields), project_name: 'apollo', ticket: 'ABC-123', license: 'mit', reviewers: ['ada'] };
  checkValues(fields, values); // compile once, as the broker does per item
  const runs = 20_000;
  const start = performance.now();
  for (let i = 0; i < runs; i++) checkValues(fields, { ...values, project_name: `apollo-${i % 50}` });
  const perCheckUs = ((performance.now() - start) / runs) * 1000;
  console.log(`form check (${fields.length} fields): ${perCheckUs.toFixed(1)} µs per keystroke`);
}

async function benchBatcher(): Promise<void> {
  let batches = 0;
  let bytes = 0;
  const batcher = new EventBatcher((batch) => {
    batches++;
    bytes += JSON.stringify(batch).length;
  }, 16);
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  batcher.push({ type: 'transcript', sessionKey: 's', upserts: [{ entryId: 'e', role: 'agent', text: '' }] });
  for (let i = 0; i < 100_000; i++) {
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e', text: 'token ' }] });
    // Yield to the timers now and then, as a real stream arriving over a pipe would.
    if (i % 2_000 === 0) await new Promise((done) => setTimeout(done, 17));
  }
  const pushMs = performance.now() - start;
  batcher.flush();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  console.log(
    `stream flood: 100000 chunks (600 kB of text) → ${batches} batches, ${(bytes / 1024).toFixed(0)} kB over the bridge, ` +
      `${pushMs.toFixed(0)} ms, heap +${heapMb.toFixed(1)} MB`,
  );
}

async function benchRoundTrip(): Promise<void> {
  const hub = new Hub({
    config: { agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo', args: [], env: {} }], urlMode: 'app-window' },
    builtinAgents: {
      demo: { command: process.execPath, args: ['--import', 'tsx', resolve('electron/demo-agent/index.ts')], env: { DEMO_STREAM_MS: '0' } },
    },
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
  });
  const startupStart = performance.now();
  hub.start();
  while (hub.snapshot().agents[0].status.kind !== 'ready') await new Promise((done) => setTimeout(done, 5));
  console.log(`demo agent spawn + initialize: ${(performance.now() - startupStart).toFixed(0)} ms`);
  const { sessionKey } = (await hub.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    const turn = hub.invoke('prompt', { sessionKey, text: 'secret' });
    let item;
    while (!(item = hub.snapshot().queue.find((q) => q.state === 'pending'))) await new Promise((done) => setTimeout(done, 1));
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'demo', action: 'decline' });
    await turn;
    while (hub.snapshot().sessions[0].promptInFlight) await new Promise((done) => setTimeout(done, 1));
    times.push(performance.now() - start);
  }
  console.log(`elicitation round trip through the core and the demo agent: median ${median(times).toFixed(1)} ms (20 runs)`);
  await hub.stop();
}

benchFormCheck();
await benchBatcher();
await benchRoundTrip();
for (const line of historyReport(benchHistory({ scale: Number(process.env.HISTORY_BENCH_SCALE ?? 0.1) }))) console.log(line);
