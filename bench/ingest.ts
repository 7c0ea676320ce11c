/**
 * Scenario (a) and (b): ingest of streamed `agent_message_chunk`s on v1 and v2 — Switchboard's core (built)
 * vs a bare SDK client vs a `JSON.parse` loop over the very same lines — and, in a separate round so it does
 * not slow the ingest figure, bridge batches per second and a trivial command's latency during the stream.
 */
import { performance } from 'node:perf_hooks';
// @ts-expect-error -- a plain .mjs fixture shared with the scripted agent; its shapes are documented there.
import { chunkLine, chunkText } from '../test/fixtures/bench-lines.mjs';
import { agentTextIn, startCore, startSdk, type Version } from './agents';
import { sleep, summarize, within, type Summary } from './stats';

/** Chunks per ingest run. */
export const INGEST_CHUNKS = 200_000;
/** No single stream may take longer than this (a stall fails the bench instead of hanging it). */
const STREAM_TIMEOUT_MS = 60_000;
/** How often the probe sends its trivial command during the stream. */
const PROBE_EVERY_MS = 10;

const chunkTextOf = chunkText as (i: number) => string;
const chunkLineOf = chunkLine as (version: Version, sessionId: string, i: number) => string;

/** Total characters of agent text in a stream of `count` chunks. */
export function streamedChars(count: number): number {
  let chars = 0;
  for (let i = 0; i < count; i++) chars += chunkTextOf(i).length;
  return chars;
}

export interface IngestSample {
  ms: number;
  /** Characters that reached the consumer (must equal the agent's). */
  chars: number;
}

/** One stream through Switchboard's core; optionally probes command latency and bridge batches meanwhile. */
async function coreRun(version: Version, count: number, probe?: { latencies: number[]; batchesPerSecond: number[] }): Promise<IngestSample> {
  const rig = await startCore(version);
  try {
    const { sessionKey } = (await rig.hub.invoke('newSession', { agentId: 'bench-0', cwd: '/tmp' })) as { sessionKey: string };
    let chars = 0;
    let batches = 0;
    const want = streamedChars(count);
    let finished!: () => void;
    const done = new Promise<void>((resolveDone) => (finished = resolveDone));
    const unsubscribe = rig.onEvents((events) => {
      batches++;
      chars += agentTextIn(events);
      if (chars >= want) finished();
    });
    let probing = Boolean(probe);
    const probeLoop = (async () => {
      const start = performance.now();
      for (let k = 1; probing && k < STREAM_TIMEOUT_MS / PROBE_EVERY_MS; k++) {
        // Latency counts from when the command was due: a blocked event loop delays the timer too, exactly as it
        // would delay a command arriving over IPC. Node's timers run on the event loop's cached clock, which can
        // be a millisecond behind `performance.now()`, so a timer may fire before `due`: the probe then waits
        // out the rest (at most one period) so it never sends early, and no latency can come out negative.
        const due = start + k * PROBE_EVERY_MS;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (!probing) break;
        while (performance.now() < due) await new Promise<void>((next) => setImmediate(next));
        await rig.hub.invoke('getAgentLog', { agentId: 'bench-0' });
        probe!.latencies.push(performance.now() - due);
      }
    })();
    const start = performance.now();
    await within('a core stream', Promise.all([rig.hub.invoke('prompt', { sessionKey, text: `stream ${count}` }), done]), STREAM_TIMEOUT_MS);
    const ms = performance.now() - start;
    probing = false;
    await probeLoop;
    unsubscribe();
    if (probe) probe.batchesPerSecond.push(batches / (ms / 1000));
    return { ms, chars };
  } finally {
    await rig.stop();
  }
}

/** One stream through a bare SDK client. */
async function sdkRun(version: Version, count: number): Promise<IngestSample> {
  let chars = 0;
  let finished!: () => void;
  const done = new Promise<void>((resolveDone) => (finished = resolveDone));
  const rig = await startSdk(version, {
    onUpdate(update) {
      if (update.sessionUpdate === 'agent_message_chunk') chars += ((update.content as { text?: string }).text ?? '').length;
      else if (update.sessionUpdate === 'state_update' && update.state === 'idle') finished();
    },
  });
  try {
    const { sessionId } = (await rig.agent.request('session/new', { cwd: '/tmp', mcpServers: [] })) as { sessionId: string };
    const start = performance.now();
    const turn = rig.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: `stream ${count}` }] });
    await within('an SDK stream', version === 2 ? Promise.all([turn, done]) : turn, STREAM_TIMEOUT_MS);
    return { ms: performance.now() - start, chars };
  } finally {
    await rig.stop();
  }
}

/** `JSON.parse` over the same lines, touching each chunk's text so the work cannot be skipped. */
function parseRun(lines: string[]): IngestSample {
  let chars = 0;
  const start = performance.now();
  for (const line of lines) {
    const message = JSON.parse(line) as { params: { update: { content: { text: string } } } };
    chars += message.params.update.content.text.length;
  }
  return { ms: performance.now() - start, chars };
}

export interface IngestResult {
  version: Version;
  chunks: number;
  /** Milliseconds per run of `chunks`. */
  core: Summary;
  sdk: Summary;
  parse: Summary;
  /** Throughput ratios, paired within each round, then the median of the round ratios. */
  coreVsSdk: number;
  coreVsParse: number;
  /** Every run delivered every character. */
  noTextLost: boolean;
  /** v2 only: command latency (ms) and bridge batches per second during a core stream. */
  commandLatency?: Summary;
  batchesPerSecond?: Summary;
}

/**
 * Interleaved rounds of core / SDK / parse (and, on v2, a probed core run), at most `rounds` and stopping
 * early once `budgetMs` is spent (at least two rounds always run).
 */
export async function benchIngest(version: Version, rounds: number, budgetMs: number, log: (line: string) => void): Promise<IngestResult> {
  const count = INGEST_CHUNKS;
  const lines = Array.from({ length: count }, (_, i) => chunkLineOf(version, 'bench-session-0', i));
  const want = streamedChars(count);
  const core: number[] = [];
  const sdk: number[] = [];
  const parse: number[] = [];
  const vsSdk: number[] = [];
  const vsParse: number[] = [];
  let noTextLost = true;
  const probe = { latencies: [] as number[], batchesPerSecond: [] as number[] };
  const start = performance.now();
  for (let round = 0; round < rounds && (round < 2 || performance.now() - start < budgetMs); round++) {
    // Alternate the order each round so neither client always runs on a warmer machine.
    const order = round % 2 === 0 ? (['core', 'sdk', 'parse'] as const) : (['parse', 'sdk', 'core'] as const);
    const got: Record<string, number> = {};
    for (const which of order) {
      const sample = which === 'core' ? await coreRun(version, count) : which === 'sdk' ? await sdkRun(version, count) : parseRun(lines);
      if (sample.chars !== want) noTextLost = false;
      got[which] = sample.ms;
    }
    core.push(got.core);
    sdk.push(got.sdk);
    parse.push(got.parse);
    vsSdk.push(got.sdk / got.core);
    vsParse.push(got.parse / got.core);
    if (version === 2) await coreRun(version, count, probe);
    log(`  ingest v${version} round ${round + 1}: core ${got.core.toFixed(0)} ms, sdk ${got.sdk.toFixed(0)} ms, parse ${got.parse.toFixed(0)} ms`);
  }
  return {
    version,
    chunks: count,
    core: summarize(core),
    sdk: summarize(sdk),
    parse: summarize(parse),
    coreVsSdk: summarize(vsSdk).median,
    coreVsParse: summarize(vsParse).median,
    noTextLost,
    ...(version === 2 ? { commandLatency: summarize(probe.latencies), batchesPerSecond: summarize(probe.batchesPerSecond) } : {}),
  };
}
