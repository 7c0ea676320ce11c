/**
 * Scenario (c): what Switchboard adds to an elicitation's round trip over the bare SDK, for accept (a 13-field
 * form, validated and converted by the broker) and decline, with 0 and 150 other requests already pending.
 * Round trips are timed by the scripted agent itself (request written → response read), so both clients are
 * measured by the same clock at the same place; the bench answers each card the moment it is delivered.
 *
 * Every run starts a fresh client: a fresh core (with a fresh connection worker) or SDK in a worker is a fresh V8
 * isolate, while the in-process SDK's code stays warm in this process from its second run on. So the first
 * {@link COLD_ROUNDS} round trip(s) of every run, for every client alike, are kept apart: reported as the cold
 * first rounds, and left out of the figures the target compares; the figures over all rounds are reported too.
 */
import type { BridgeEvent } from '../shared/bridge';
import type { QueueItemView } from '../shared/views/requests';
// @ts-expect-error -- a plain .mjs fixture shared with the scripted agent; its shapes are documented there.
import { benchFormValues } from '../test/fixtures/bench-lines.mjs';
import { startCore, startSdk, startSdkInWorker } from './agents';
import { sleep, summarize, waitFor, within, type Summary } from './stats';

/** Round trips per run, and the gap between their starts: under the flood guard's 20 requests/s. */
const ROUNDS_PER_RUN = 20;
const GAP_MS = 60;
/** Other requests left pending in the loaded case. */
export const PENDING_LOAD = 150;
const RUN_TIMEOUT_MS = 60_000;
const REFILL_MS = 1_500;
/** Round trips at the start of each run reported apart as cold, for every client alike (see above). */
export const COLD_ROUNDS = 1;

type Action = 'accept' | 'decline';
const values = benchFormValues as () => Record<string, unknown>;

/** The `RTT [..]` report the agent streams at the end of an `elicit` turn. */
function parseRtt(text: string): number[] {
  const match = /RTT (\[[^\]]*\])/.exec(text);
  if (!match) throw new Error('bench: the agent sent no RTT report');
  const times = JSON.parse(match[1]) as number[];
  if (times.some((t) => t < 0)) throw new Error('bench: an elicitation was refused (flood guard?) during the round trips');
  return times;
}

function transcriptText(events: BridgeEvent[]): string {
  let text = '';
  for (const event of events) {
    if (event.type !== 'transcript') continue;
    for (const entry of event.upserts) text += entry.text;
    for (const append of event.appends ?? []) text += append.text;
  }
  return text;
}

async function coreRun(action: Action, pending: number): Promise<number[]> {
  const rig = await startCore(2);
  try {
    const { sessionKey } = (await rig.hub.invoke('newSession', { agentId: 'bench-0', cwd: '/tmp' })) as { sessionKey: string };
    let text = '';
    let promptInFlight = false;
    const answered = new Set<string>();
    const unsubscribe = rig.onEvents((events) => {
      text += transcriptText(events);
      for (const event of events) {
        if (event.type === 'session' && event.session.sessionKey === sessionKey) promptInFlight = event.session.promptInFlight;
        if (event.type !== 'item') continue;
        const item: QueueItemView = event.item;
        if (item.state !== 'pending' || !item.message.startsWith('Bench round') || answered.has(item.itemId)) continue;
        answered.add(item.itemId);
        void rig.hub.invoke('answerElicitation', {
          itemId: item.itemId,
          agentId: item.agentId,
          action,
          ...(action === 'accept' ? { values: values() } : {}),
        });
      }
    });
    if (pending > 0) {
      await within('the pending load', rig.hub.invoke('prompt', { sessionKey, text: `pending ${pending}` }), RUN_TIMEOUT_MS);
      await waitFor('the pending turn to end', () => !rig.hub.snapshot().sessions[0].promptInFlight, RUN_TIMEOUT_MS);
      await waitFor(`${pending} pending requests`, () => rig.hub.snapshot().queue.filter((q) => q.state === 'pending').length === pending, RUN_TIMEOUT_MS, 50);
      // Let the flood guard's bucket refill (20/s), so the measured round trips are not refused.
      await sleep(REFILL_MS);
    }
    text = '';
    await within('the core round trips', rig.hub.invoke('prompt', { sessionKey, text: `elicit ${action} ${ROUNDS_PER_RUN} ${GAP_MS}` }), RUN_TIMEOUT_MS);
    // Watched on the events already delivered, not by polling `snapshot()`: that copies the queue (150 items in the
    // loaded case) and the sessions every few ms on the very thread being measured, which no SDK run pays for.
    await waitFor('the RTT report', () => /RTT \[/.test(text) && !promptInFlight, RUN_TIMEOUT_MS);
    unsubscribe();
    return parseRtt(text);
  } finally {
    await rig.stop();
  }
}

async function sdkRun(action: Action, pending: number, inWorker = false): Promise<number[]> {
  let text = '';
  let idle = 0;
  const rig = await (inWorker ? startSdkInWorker : startSdk)(2, {
    onUpdate(update) {
      if (update.sessionUpdate === 'agent_message_chunk') text += (update.content as { text?: string }).text ?? '';
      if (update.sessionUpdate === 'state_update' && update.state === 'idle') idle++;
    },
    onElicitation(params) {
      // The loaded case's requests stay pending, as unanswered cards do in the app.
      if (String(params.message).startsWith('Bench pending')) return new Promise(() => {});
      return Promise.resolve(action === 'accept' ? { action: 'accept', content: values() } : { action: 'decline' });
    },
  });
  try {
    const { sessionId } = (await rig.agent.request('session/new', { cwd: '/tmp', mcpServers: [] })) as { sessionId: string };
    const prompt = async (line: string) => {
      const before = idle;
      await rig.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: line }] });
      await waitFor('the SDK turn to end', () => idle > before, RUN_TIMEOUT_MS);
    };
    if (pending > 0) await prompt(`pending ${pending}`);
    text = '';
    await prompt(`elicit ${action} ${ROUNDS_PER_RUN} ${GAP_MS}`);
    return parseRtt(text);
  } finally {
    await rig.stop();
  }
}

export interface ElicitationCase {
  action: Action;
  pending: number;
  /** Round trip in ms as the agent measured it, past the first {@link COLD_ROUNDS} of each run. */
  core: Summary;
  sdk: Summary;
  /** The same bare SDK client in a worker thread, its bytes relayed by the main thread (bench/sdk-worker.mjs). */
  sdkWorker: Summary;
  /** Core minus SDK, at the median and at p95: the target's figure. */
  overheadMedianMs: number;
  overheadP95Ms: number;
  /** Of that, what the worker isolation alone costs: SDK in a worker minus SDK, at the median and at p95. */
  isolationMedianMs: number;
  isolationP95Ms: number;
  /** And what Switchboard's own code adds over the SDK in a worker, at the median and at p95. */
  ownMedianMs: number;
  ownP95Ms: number;
  /** The first {@link COLD_ROUNDS} round trip(s) of each run, per client: what a fresh connection's first request costs. */
  cold: { core: Summary; sdk: Summary; sdkWorker: Summary };
  /** Every round trip, cold ones included: core, SDK and their difference at the median and p95. */
  allRounds: { core: Summary; sdk: Summary; sdkWorker: Summary; overheadMedianMs: number; overheadP95Ms: number };
}

/** Interleaved core/SDK runs of every case, `rounds` times (stopping early once `budgetMs` is spent, after one). */
export async function benchElicitation(rounds: number, budgetMs: number, log: (line: string) => void): Promise<ElicitationCase[]> {
  type Runs = { core: number[][]; sdk: number[][]; sdkWorker: number[][] };
  const cases: Array<{ action: Action; pending: number } & Runs> = [];
  for (const pending of [0, PENDING_LOAD]) for (const action of ['accept', 'decline'] as const) cases.push({ action, pending, core: [], sdk: [], sdkWorker: [] });
  const start = performance.now();
  for (let round = 0; round < rounds && (round < 1 || performance.now() - start < budgetMs); round++) {
    for (const c of cases) {
      // The three clients in a rotating order, so none always runs first (or right after the same one).
      const runs = [
        async () => c.core.push(await coreRun(c.action, c.pending)),
        async () => c.sdk.push(await sdkRun(c.action, c.pending)),
        async () => c.sdkWorker.push(await sdkRun(c.action, c.pending, true)),
      ];
      for (let i = 0; i < runs.length; i++) await runs[(i + round) % runs.length]();
    }
    log(`  elicitation round ${round + 1} done`);
  }
  const warm = (runs: number[][]) => summarize(runs.flatMap((run) => run.slice(COLD_ROUNDS)));
  const cold = (runs: number[][]) => summarize(runs.flatMap((run) => run.slice(0, COLD_ROUNDS)));
  const all = (runs: number[][]) => summarize(runs.flat());
  return cases.map((c) => {
    const core = warm(c.core);
    const sdk = warm(c.sdk);
    const sdkWorker = warm(c.sdkWorker);
    const allCore = all(c.core);
    const allSdk = all(c.sdk);
    return {
      action: c.action,
      pending: c.pending,
      core,
      sdk,
      sdkWorker,
      overheadMedianMs: core.median - sdk.median,
      overheadP95Ms: core.p95 - sdk.p95,
      isolationMedianMs: sdkWorker.median - sdk.median,
      isolationP95Ms: sdkWorker.p95 - sdk.p95,
      ownMedianMs: core.median - sdkWorker.median,
      ownP95Ms: core.p95 - sdkWorker.p95,
      cold: { core: cold(c.core), sdk: cold(c.sdk), sdkWorker: cold(c.sdkWorker) },
      allRounds: { core: allCore, sdk: allSdk, sdkWorker: all(c.sdkWorker), overheadMedianMs: allCore.median - allSdk.median, overheadP95Ms: allCore.p95 - allSdk.p95 },
    };
  });
}
