/**
 * The two clients the bench drives against the scripted agent (test/fixtures/bench-agent.mjs):
 * Switchboard's core, as built (`out/harness/core.js`), and a bare SDK client, the anchor for "what the SDK
 * alone costs" (`client().onNotification(…).connect()`, nothing else), in the bench's own thread or, as the
 * anchor for what the per-agent worker alone costs, in a worker thread of its own (bench/sdk-worker.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { client as clientV1, methods as methodsV1, ndJsonStream } from '@agentclientprotocol/sdk';
import { client as clientV2, methods as methodsV2 } from '@agentclientprotocol/sdk/experimental/v2';
import type { BridgeEvent } from '../shared/bridge';
import type { Hub as HubType } from '../electron/core/hub';
import { waitFor, within } from './stats';

export const BENCH_AGENT = resolve('test/fixtures/bench-agent.mjs');
export type Version = 1 | 2;

/** How long an agent may take to start and answer `initialize`. */
const START_TIMEOUT_MS = 15_000;

type HubClass = typeof HubType;
let HubCtor: HubClass | undefined;

/** The built core's `Hub` (run `npm run build` first; `npm run bench` does). */
export async function builtHub(): Promise<HubClass> {
  if (!HubCtor) {
    const core = (await import(resolve('out/harness/core.js'))) as { Hub: HubClass };
    HubCtor = core.Hub;
  }
  return HubCtor;
}

/** Switchboard's core with one or more bench agents, each on `version`. */
export interface CoreRig {
  hub: HubType;
  /** Every event batch the hub delivered, handed to `onEvents` as it arrives. */
  onEvents: (listener: (events: BridgeEvent[]) => void) => () => void;
  stop(): Promise<void>;
}

export async function startCore(version: Version, agentCount = 1): Promise<CoreRig> {
  const Hub = await builtHub();
  const agents = Array.from({ length: agentCount }, (_, i) => ({
    id: `bench-${i}`,
    name: `Bench agent ${i}`,
    command: process.execPath,
    args: [BENCH_AGENT],
    env: { BENCH_PROTOCOL: String(version) },
  }));
  const hub = new Hub({ config: { agents, urlMode: 'off' }, builtinAgents: {}, defaultCwd: '/tmp' });
  hub.start();
  await waitFor('the bench agents to be ready', () => hub.snapshot().agents.every((a) => a.status.kind === 'ready'), START_TIMEOUT_MS, 10);
  return {
    hub,
    onEvents: (listener) => hub.subscribe(listener),
    stop: () => hub.stop(),
  };
}

/** A bare SDK client of `version` on one bench agent process. */
export interface SdkRig {
  /** The SDK's agent-side handle (`request`, `notify`). */
  agent: { request(method: string, params: unknown): Promise<unknown> };
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface SdkHandlers {
  onUpdate(update: Record<string, unknown>): void;
  /** Answers `elicitation/create`; pending forever when it never resolves. */
  onElicitation?(params: Record<string, unknown>): Promise<unknown>;
}

export async function startSdk(version: Version, handlers: SdkHandlers): Promise<SdkRig> {
  const child = spawn(process.execPath, [BENCH_AGENT], { env: { ...process.env, BENCH_PROTOCOL: String(version) }, stdio: ['pipe', 'pipe', 'inherit'] });
  const stream = ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>);
  const never = () => new Promise<never>(() => {});
  const elicit = handlers.onElicitation ?? never;
  let connection: { agent: unknown };
  if (version === 2) {
    connection = clientV2({ name: 'bench-sdk' })
      .onNotification(methodsV2.client.session.update, (cx) => handlers.onUpdate(cx.params.update as unknown as Record<string, unknown>))
      .onRequest(methodsV2.client.elicitation.create, (cx) => elicit(cx.params as unknown as Record<string, unknown>) as never)
      .connect(stream);
  } else {
    connection = clientV1({ name: 'bench-sdk' })
      .onNotification(methodsV1.client.session.update, (cx) => handlers.onUpdate(cx.params.update as unknown as Record<string, unknown>))
      .onRequest(methodsV1.client.elicitation.create, (cx) => elicit(cx.params as unknown as Record<string, unknown>) as never)
      .connect(stream);
  }
  const agent = connection.agent as SdkRig['agent'];
  await initialize(agent, version, 'the bare SDK initialize');
  return { agent, child, stop: () => stopAgent(child) };
}

/** The bare clients' `initialize`, with both versions' shapes (the bench agent reads the one it speaks). */
function initialize(agent: SdkRig['agent'], version: Version, what: string): Promise<unknown> {
  const info = { name: 'bench-sdk', version: '1' };
  const params = { protocolVersion: version, clientInfo: info, info, clientCapabilities: { elicitation: { form: {} } }, capabilities: { elicitation: { form: {} } } };
  return within(what, agent.request('initialize', params), START_TIMEOUT_MS);
}

/** Ends the bench agent's input and waits for it to exit (killed after 5 s). */
async function stopAgent(child: ChildProcess): Promise<void> {
  child.stdin?.end();
  await within('the bench agent to exit', new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done))), 5_000).catch(() => child.kill('SIGKILL'));
}

export const SDK_WORKER = resolve('bench/sdk-worker.mjs');

/**
 * The same bare SDK client in a worker thread, with the agent's bytes relayed through this thread and each
 * `elicitation/create` answered here (bench/sdk-worker.mjs): what Switchboard's isolation costs without any of
 * Switchboard's own code. Same handlers and the same {@link SdkRig} as {@link startSdk}.
 */
export async function startSdkInWorker(version: Version, handlers: SdkHandlers): Promise<SdkRig> {
  const child = spawn(process.execPath, [BENCH_AGENT], { env: { ...process.env, BENCH_PROTOCOL: String(version) }, stdio: ['pipe', 'pipe', 'inherit'] });
  const worker = new Worker(SDK_WORKER, { workerData: { version } });
  const writer = (Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>).getWriter();
  const reader = (Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>).getReader();
  const elicit = handlers.onElicitation ?? (() => new Promise<never>(() => {}));
  let nextId = 1;
  const replies = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  worker.on('message', (message: { t: string; id?: number; ok?: boolean; value?: unknown; chunk?: Uint8Array; update?: Record<string, unknown>; params?: Record<string, unknown> }) => {
    switch (message.t) {
      case 'write':
        void writer.write(message.chunk!).catch(() => {});
        return;
      case 'update':
        handlers.onUpdate(message.update!);
        return;
      case 'ask':
        void elicit(message.params!).then((value) => worker.postMessage({ t: 'answer', id: message.id, value }));
        return;
      case 'reply': {
        const reply = replies.get(message.id!);
        replies.delete(message.id!);
        if (message.ok) reply?.resolve(message.value);
        else reply?.reject(new Error(String(message.value)));
        return;
      }
    }
  });
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      const chunk = new Uint8Array(value);
      worker.postMessage({ t: 'bytes', chunk }, [chunk.buffer]);
    }
    worker.postMessage({ t: 'end' });
  })();
  const agent: SdkRig['agent'] = {
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        replies.set(id, { resolve, reject });
        worker.postMessage({ t: 'request', id, method, params });
      }),
  };
  await initialize(agent, version, 'the bare SDK initialize (worker)');
  return {
    agent,
    child,
    async stop() {
      await stopAgent(child);
      await worker.terminate();
    },
  };
}

/** Characters of agent text in one batch of bridge events (upserted agent entries and appends). */
export function agentTextIn(events: BridgeEvent[]): number {
  let chars = 0;
  for (const event of events) {
    if (event.type !== 'transcript') continue;
    for (const entry of event.upserts) if (entry.role === 'agent') chars += entry.text.length;
    for (const append of event.appends ?? []) chars += append.text.length;
  }
  return chars;
}
