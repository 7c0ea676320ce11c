/**
 * The hostile-agent suite (docs/isolation.md): one case per way an agent can hurt the others, each with a
 * well-behaved second agent running. What is asserted is what a user or an agent would observe: the host
 * survives (no uncaught exception, no unhandled rejection), the offending agent is stopped with a sentence
 * or gets the right JSON-RPC error and nothing is stored, and the well-behaved agent keeps answering: every
 * prompt answered, in order, none lost, and its answer not queued behind the flood, main's heap growing by
 * ≤ 512 MB. "Not queued behind" is judged against an anchor measured in the same test (the same agent's
 * round trips just before the attack), never against milliseconds: timed assertions flake with the machine's
 * load, and speed lives in `npm run bench`. A no-attack baseline runs too; every figure is printed at the end
 * (docs/isolation.md).
 *
 * The hostile agents are test/fixtures/hostile-agent.mjs, one HOSTILE_ATTACK each.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { AgentConfig } from '../../electron/core/config/config';
import type { AgentView } from '../../shared/views/agents';
import { agentView, eventually } from './hub-fixture';

const FIXTURE = resolve('test/fixtures/hostile-agent.mjs');
/** Planted in the hostile agent's env: no log line may carry it. */
const SECRET = 'sk-ant-api03-HOSTILEsecretDoNotLog0123456789abcdef';
const MB = 1024 * 1024;

/** Main's heap growth allowed during one attack. */
const HEAP_GROWTH_MB = 512;
/** Round trips of the well-behaved agent measured just before the attack, in the same hub: the anchor. */
const ANCHOR_SAMPLES = 10;
/**
 * The anchor is never taken as less than this, in ms: on an idle machine a round trip is 1–3 ms, where timer
 * resolution and one scheduling hiccup would make a ratio meaningless. Only ever makes the check more lenient.
 */
const ANCHOR_FLOOR_MS = 10;
/**
 * How many times the anchor's p95 the round trips under attack may reach (p95, and the slowest one). Measured
 * under attack: p95 up to 8× and max up to 31× the no-attack baseline (docs/isolation.md, load 21); an answer
 * queued behind a flood waits for the flood to drain — seconds, hundreds of times the anchor. The load of the
 * machine scales the anchor and the attack's round trips alike, so these hold under load (fixed 250 ms /
 * 1 s bounds, once asserted here, failed at a load of 13–18 and passed idle).
 */
const P95_RATIO = 25;
const MAX_RATIO = 100;
/** The huge-line case's anchor: a message of 7 MiB of text, within the line budget (the fixture's `huge-line`). */
const ANCHOR_LINE_CHARS = 7 * MB;
/**
 * How many times the anchor's time the stream error may take to show. Both move 7–8 MiB through the same pipe.
 * Measured at a load of 16–18: 0.3× to 2.1× (113–461 ms against 133–480 ms), single samples each. A status that
 * waited for the process to exit would never come (the process stays alive), one that waited for a timer would
 * take seconds.
 */
const STATUS_RATIO = 10;
/** The anchor is never taken as less than this, in ms (as ANCHOR_FLOOR_MS): only ever more lenient. */
const STATUS_ANCHOR_FLOOR_MS = 50;
/** Each attack is bounded (issue: ≤ 30 s). */
const ATTACK_MS = 25_000;

function agent(id: string, name: string, attack: string, version: 1 | 2): AgentConfig {
  return { id, name, command: process.execPath, args: [FIXTURE], env: { HOSTILE_ATTACK: attack, HOSTILE_VERSION: String(version), HOSTILE_KEY: SECRET } };
}

interface Figures {
  attack: string;
  samples: number;
  /** The anchor's p95 (ms), before the attack. */
  anchor: number;
  p95: number;
  max: number;
  heapGrowthMb: number;
  outcome: string;
}
const figures: Figures[] = [];

afterAll(() => {
  const rows = figures.map((f) => `${f.attack.padEnd(34)} ${String(f.samples).padStart(4)} ${f.anchor.toFixed(0).padStart(6)} ${f.p95.toFixed(0).padStart(6)} ${f.max.toFixed(0).padStart(6)} ${f.heapGrowthMb.toFixed(0).padStart(6)}  ${f.outcome}`);
  console.log(['hostile-agent suite: well-behaved agent round trip (ms; anchor = p95 before the attack) and main heap growth (MB)', `${'attack'.padEnd(34)} ${'n'.padStart(4)} ${'anchor'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)} ${'heap'.padStart(6)}  outcome`, ...rows].join('\n'));
});

/** Errors that reach the process, not a test: the host must have none. */
function watchProcess() {
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return { errors, stop: () => (process.off('uncaughtException', onError), process.off('unhandledRejection', onError)) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Hostile fixture processes still alive (orphans), by their command line. */
function hostileProcesses(): number[] {
  try {
    return execFileSync('pgrep', ['-f', FIXTURE], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

interface Run {
  hub: Hub;
  /** When the attack was set off (performance.now()). */
  attackStartedAt: number;
  hostileSession?: string;
  logs: string[];
  status(): AgentView['status'];
}

/**
 * Runs one attack next to a well-behaved v1 agent and measures that agent's prompt round trips until
 * `done` says the attack is over (at least 20 samples). Returns the figures; asserts the host's health.
 */
async function underAttack(
  attack: string,
  options: { version?: 1 | 2; openSession?: boolean; trigger?: boolean; label?: string; onHub?: (hub: Hub) => void },
  done: (run: Run) => boolean,
): Promise<Run & { figures: Figures }> {
  const logs: string[] = [];
  const hub = new Hub({
    config: { agents: [agent('good', 'Good', 'none', 1), agent('bad', 'Hostile', attack, options.version ?? 2)], urlMode: 'off' },
    builtinAgents: {},
    defaultCwd: '/tmp',
    log: (line) => logs.push(line),
  });
  const watch = watchProcess();
  options.onHub?.(hub);
  hub.start();
  const run: Run = { hub, logs, attackStartedAt: performance.now(), status: () => agentView(hub, 'bad').status };
  try {
    await eventually(() => (agentView(hub, 'good').status.kind === 'ready' ? true : undefined), 10_000);
    const good = ((await hub.invoke('newSession', { agentId: 'good', cwd: '/tmp' })) as { sessionKey: string }).sessionKey;
    if (options.openSession !== false) {
      await eventually(() => (run.status().kind === 'ready' ? true : undefined), 10_000);
      run.hostileSession = ((await hub.invoke('newSession', { agentId: 'bad', cwd: '/tmp' })) as { sessionKey: string }).sessionKey;
    }
    // The anchor: the same agent's round trips just before the attack, at this moment's load.
    let sent = 0;
    const ping = async (): Promise<number> => {
      const started = performance.now();
      await hub.invoke('prompt', { sessionKey: good, text: `ping ${sent++}` });
      return performance.now() - started;
    };
    const anchorTrips: number[] = [];
    while (anchorTrips.length < ANCHOR_SAMPLES) {
      anchorTrips.push(await ping());
      await new Promise((next) => setTimeout(next, 20));
    }
    const anchor = Math.max(percentile(anchorTrips, 95), ANCHOR_FLOOR_MS);
    const heapAtStart = process.memoryUsage().heapUsed;
    let heapMax = heapAtStart;
    const sampler = setInterval(() => (heapMax = Math.max(heapMax, process.memoryUsage().heapUsed)), 10);
    run.attackStartedAt = performance.now();
    if (run.hostileSession && options.trigger !== false) hub.invoke('prompt', { sessionKey: run.hostileSession, text: 'go' }).catch(() => {});
    const roundTrips: number[] = [];
    const deadline = Date.now() + ATTACK_MS;
    while ((roundTrips.length < 20 || !done(run)) && Date.now() < deadline) {
      roundTrips.push(await ping());
      await new Promise((next) => setTimeout(next, 20));
    }
    clearInterval(sampler);
    const result: Figures = {
      attack: options.label ?? attack,
      samples: roundTrips.length,
      anchor: percentile(anchorTrips, 95),
      p95: percentile(roundTrips, 95),
      max: Math.max(...roundTrips),
      heapGrowthMb: (heapMax - heapAtStart) / MB,
      outcome: run.status().kind === 'failed' ? (run.status() as { message: string }).message : `status ${run.status().kind}`,
    };
    figures.push(result);
    expect(done(run), `the attack ${attack} did not end within ${ATTACK_MS} ms`).toBe(true);
    // The well-behaved agent kept answering: every prompt answered with its own answer, in order, none lost…
    expect(agentView(hub, 'good').status.kind).toBe('ready');
    const turns = hub.snapshot().sessions.find((s) => s.sessionKey === good)!.transcript.filter((e) => (e.kind ?? 'message') === 'message' && e.role !== 'system');
    expect(turns.map((e) => `${e.role} ${e.text}`)).toEqual(Array.from({ length: sent }, (_, i) => [`user ping ${i}`, 'agent pong']).flat());
    // …and not queued behind the flood: its round trips stay within a multiple of the anchor measured above.
    expect(result.p95, `p95 ${result.p95.toFixed(0)} ms against an anchor of ${anchor.toFixed(0)} ms`).toBeLessThanOrEqual(P95_RATIO * anchor);
    expect(result.max, `max ${result.max.toFixed(0)} ms against an anchor of ${anchor.toFixed(0)} ms`).toBeLessThanOrEqual(MAX_RATIO * anchor);
    expect(result.heapGrowthMb).toBeLessThanOrEqual(HEAP_GROWTH_MB);
    return { ...run, figures: result };
  } finally {
    await hub.stop();
    watch.stop();
    // The host survived: nothing escaped to the process.
    expect(watch.errors).toEqual([]);
    // Nothing planted leaked into a log line; no agent outlived the hub.
    expect(logs.filter((line) => line.includes(SECRET))).toEqual([]);
    await eventually(() => (hostileProcesses().length === 0 ? true : undefined), 5000);
  }
}

const stoppedWith = (clause: RegExp) => (run: Run) => run.status().kind === 'failed' && clause.test((run.status() as { message: string }).message);
const queueOf = (run: Run) => run.hub.snapshot().queue.filter((item) => item.agentId === 'bad');
const transcriptOf = (run: Run) => run.hub.snapshot().sessions.find((s) => s.sessionKey === run.hostileSession)?.transcript ?? [];
/** Error codes the hostile agent received, from what it wrote to its stderr (the agent's log view). */
async function errorsSeenByAgent(run: Run): Promise<number[]> {
  const { text } = (await run.hub.invoke('getAgentLog', { agentId: 'bad' })) as { text: string };
  return [...text.matchAll(/error (-?\d+)/g)].map((m) => Number(m[1]));
}

describe('hostile agents: one agent cannot cost the user another', { timeout: 60_000 }, () => {
  it('baseline: no attack', async () => {
    let prompts = 0;
    const run = await underAttack('none', { label: 'none (baseline)' }, () => ++prompts > 20);
    expect(run.status().kind).toBe('ready');
  });

  it('memory: 25 forms of 19.5 MB each stop the agent at the line budget, with a sentence', async () => {
    await underAttack('huge-forms', {}, stoppedWith(/^Switchboard stopped Hostile: it sent a message larger than 8 MiB\.$/));
  });

  it('memory: 1 MiB forms past the pending-bytes budget are refused with -32005 and not stored', async () => {
    let codes: number[] = [];
    const run = await underAttack('many-forms', {}, (r) => {
      void errorsSeenByAgent(r).then((c) => (codes = c));
      return codes.includes(-32005);
    });
    // 32 MiB held at most: under 32 of the 1 MiB forms; the rest were answered with an error and kept nowhere.
    const held = queueOf(run).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(32);
  });

  it('memory: an agent that never reads its stdin fills its bounded queue and is stopped with a sentence', async () => {
    await underAttack('no-stdin-read', {}, stoppedWith(/^Switchboard stopped Hostile: it stopped reading what Switchboard sends it \(more than 48 MiB waiting\)\.$/));
  });

  it('memory: a flood before initialize is answered is stopped with a sentence', async () => {
    await underAttack('flood-before-init', { openSession: false }, stoppedWith(/^Switchboard stopped Hostile: it sent more than (4 MiB|256 messages) before answering initialize\.$/));
  });

  it('depth: 5 000 levels in a requestedSchema _meta get -32602 and nothing is stored', async () => {
    // JSON-RPC 2.0 §5.1: -32602 Invalid params.
    let codes: number[] = [];
    const run = await underAttack('deep-schema', {}, (r) => {
      void errorsSeenByAgent(r).then((c) => (codes = c));
      return codes.includes(-32602);
    });
    expect(queueOf(run)).toEqual([]);
    expect(run.status().kind).toBe('ready');
    // Every serialisation still works (it once threw RangeError).
    expect(() => JSON.stringify(run.hub.snapshot())).not.toThrow();
  });

  it('depth: a v1 session/update nested 5 000 levels is dropped, and the session keeps working', async () => {
    const turnEnded = (r: Run) => r.hub.snapshot().sessions.find((s) => s.sessionKey === r.hostileSession)?.lastStopReason === 'end_turn';
    const run = await underAttack('deep-update', { version: 1 }, turnEnded);
    // Dropped: no entry with its text; the turn still ended (the prompt's response came through).
    expect(transcriptOf(run).some((e) => e.text.includes('deep'))).toBe(false);
    expect(run.status().kind).toBe('ready');
  });

  it('CPU: an unpaced stream of 200 000 chunks (v1) arrives whole while the other agent stays responsive', async () => {
    const run = await underAttack('chunk-stream', { version: 1, label: 'chunk-stream (v1)' }, (r) => transcriptOf(r).some((e) => e.role === 'agent' && e.text.length === 200_000));
    expect(run.status().kind).toBe('ready');
  });

  it('CPU: an unpaced stream of 200 000 chunks (v2, through the SDK validation) leaves the other agent responsive', async () => {
    // The v2 SDK validates each update (~200 µs here), now in the agent's own worker: the stream runs at
    // the worker's pace, so this case measures a fixed window of it rather than its whole length.
    const window = 12_000;
    const run = await underAttack('chunk-stream', { label: 'chunk-stream (v2, 12 s window)' }, (r) => performance.now() - r.attackStartedAt > window);
    const streamed = transcriptOf(run).find((e) => e.role === 'agent')?.text.length ?? 0;
    expect(streamed).toBeGreaterThan(10_000);
    expect(run.status().kind).toBe('ready');
  });

  it('CPU: 200 000 updates of an unknown kind (v1) stop the agent at the transcript budget', async () => {
    const run = await underAttack('unknown-flood', { version: 1, label: 'unknown-flood (v1)' }, stoppedWith(/^Switchboard stopped Hostile: a session's transcript grew past 20000 entries\.$/));
    // What it sent before stays readable, each shown generically.
    expect(transcriptOf(run).filter((e) => e.kind === 'other').length).toBeGreaterThan(10_000);
  });

  it('CPU: 200 000 updates of an unknown kind (v2, through the SDK validation) leave the other agent responsive', async () => {
    // The v2 SDK's validation of an unknown kind is slow (~1 ms each here), now in the agent's own worker.
    const window = 10_000;
    const run = await underAttack('unknown-flood', { label: 'unknown-flood (v2, 10 s window)' }, (r) => performance.now() - r.attackStartedAt > window);
    expect(transcriptOf(run).filter((e) => e.kind === 'other').length).toBeGreaterThan(100);
  });

  it('CPU: 200 000 chunks each with a new messageId stop the agent at the transcript budget', async () => {
    await underAttack('new-message-ids', {}, stoppedWith(/^Switchboard stopped Hostile: a session's transcript grew past 20000 entries\.$/));
  });

  it('CPU: a 40-field × 5 000-option form gets -32602 before main sees it, and the user is told in a sentence', async () => {
    let codes: number[] = [];
    const notices: string[] = [];
    const onHub = (hub: Hub) => hub.subscribe((events) => events.forEach((event) => event.type === 'notice' && notices.push(event.text)));
    const run = await underAttack('options-form', { onHub }, (r) => {
      void errorsSeenByAgent(r).then((c) => (codes = c));
      return codes.includes(-32602) && notices.length > 0;
    });
    expect(queueOf(run)).toEqual([]);
    // "Bad input gets a clear error": the worker's refusal never reaches main's queue, so it is told as a notice.
    expect(notices[0]).toMatch(/^Hostile: Switchboard refused a form this agent asked for: The form offers 200000 options across its fields; Switchboard shows at most \d+\. The agent was told; nothing was asked of you\.$/);
  });

  it('CPU: a 500-field × 5 000-option form is over the line budget: the agent is stopped with a sentence', async () => {
    await underAttack('options-form-huge', {}, stoppedWith(/^Switchboard stopped Hostile: it sent a message larger than 8 MiB\.$/));
  });

  // JSON-RPC 2.0 §5: the answer carries the request's id; when that cannot be read back, -32600 with id null.
  for (const version of [1, 2] as const) {
    it(`ids (v${version}): beyond 2^53 or of no allowed kind get -32600 with id null; 2^53 - 1${version === 1 ? ' and null are' : ' is'} answered with the same id`, async () => {
      const answered = new Set<string>();
      let shown: string[] = [];
      let lines: string[] = [];
      const refusal = (reason: RegExp) => (line: string) => {
        const message = JSON.parse(line) as { id: unknown; error?: { code: number; data?: { reason?: string } } };
        return message.id === null && message.error?.code === -32600 && reason.test(message.error.data?.reason ?? '');
      };
      // What the agent wrote to its log: each answer's raw line (see the fixture), in the order it got them.
      const expected = [
        refusal(/^the request id is an integer beyond 2\^53 \(read as 9007199254740992\)/),
        refusal(/^the request id is an integer beyond 2\^53 \(read as -9007199254740992\)/),
        refusal(/^the request id 1\.5 is not an integer/),
        refusal(/^the request id is a number too large to read$/),
        refusal(/^the request id is a boolean;/),
        refusal(/^the request id is an object;/),
        refusal(/^the request id is an array;/),
        // v1 allows one request with id null at a time; v2 allows none (its SDK says so).
        ...(version === 1 ? [refusal(/^the id null belongs to a request still waiting for an answer$/)] : [(l: string) => /"id":null,"error":\{"code":-32600,"message":"Invalid request: ACP v2 request IDs/.test(l), (l: string) => /"id":null,"error":\{"code":-32600,"message":"Invalid request: ACP v2 request IDs/.test(l)]),
        // Then the user's answers, with the very ids the agent sent.
        (l: string) => l === '{"jsonrpc":"2.0","id":9007199254740991,"result":{"action":"cancel"}}',
        ...(version === 1 ? [(l: string) => l === '{"jsonrpc":"2.0","id":null,"result":{"action":"cancel"}}'] : []),
      ];
      const forms = version === 1 ? 2 : 1;
      const run = await underAttack('odd-ids', { version, label: `odd-ids (v${version})` }, (r) => {
        const open = queueOf(r).filter((item) => item.state === 'pending' && !answered.has(item.itemId));
        // Answered only once every refusal is in, so the log's order is the one asserted below.
        if (queueOf(r).length === forms && lines.length >= expected.length - forms) {
          if (!shown.length) shown = queueOf(r).map((item) => item.message);
          for (const item of open) {
            answered.add(item.itemId);
            void r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'bad', action: 'cancel' });
          }
        }
        void r.hub.invoke('getAgentLog', { agentId: 'bad' }).then((log) => (lines = [...(log as { text: string }).text.matchAll(/^raw (.*)$/gm)].map((m) => m[1])));
        return lines.length >= expected.length;
      });
      expect(lines).toHaveLength(expected.length);
      lines.forEach((line, i) => expect(expected[i](line), `answer ${i + 1}: ${line}`).toBe(true));
      // Only the requests with ids that can be answered reached the user.
      expect(shown).toEqual(Array.from({ length: forms }, () => 'Which id?'));
      expect(run.status().kind).toBe('ready');
    });
  }

  it('status: a stream error shows the agent stopped, never Ready again, no slower than a message of that size arrives', async () => {
    // The agent writes a 7 MiB message (within the 8 MiB line budget), then a 9 MiB line; the stream ends once 8 MiB
    // of it are through the pipe. From the moment it starts writing each, how long until the hub shows the result:
    // the message in the transcript (the anchor), then the agent stopped, saying why. The same
    // bytes through the same pipe at the same load, so a ratio holds where "within a second" flaked under load.
    const statuses: string[] = [];
    let anchorShownAt = 0;
    let stoppedAt = 0;
    const watchEvents = (hub: Hub) =>
      hub.subscribe((events) => {
        for (const event of events) {
          if (event.type === 'transcript' && !anchorShownAt && event.upserts.some((entry) => entry.text.length === ANCHOR_LINE_CHARS)) anchorShownAt = Date.now();
          if (event.type !== 'agent' || event.agent.agentId !== 'bad' || statuses.at(-1) === event.agent.status.kind) continue;
          statuses.push(event.agent.status.kind);
          if (event.agent.status.kind === 'failed' && !stoppedAt) stoppedAt = Date.now();
        }
      });
    const run = await underAttack('huge-line', { onHub: watchEvents }, stoppedWith(/^Switchboard stopped Hostile: it sent a message larger than 8 MiB\.$/));
    const { text } = (await run.hub.invoke('getAgentLog', { agentId: 'bad' })) as { text: string };
    const anchorAt = Number(/anchor-at (\d+)/.exec(text)?.[1]);
    const sentAt = Number(/writing-at (\d+)/.exec(text)?.[1]);
    const anchor = Math.max(anchorShownAt - anchorAt, STATUS_ANCHOR_FLOOR_MS);
    console.log(`status after a stream error: shown ${stoppedAt - sentAt} ms after the agent started writing the line; a 7 MiB message took ${anchorShownAt - anchorAt} ms`);
    // In order: the anchor whole, then failed, and nothing after it (no restart, never Ready again).
    expect(anchorShownAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeGreaterThanOrEqual(anchorShownAt);
    expect(statuses.at(-1)).toBe('failed');
    expect(statuses.filter((kind) => kind === 'failed')).toHaveLength(1);
    expect(stoppedAt - sentAt, `stopped ${stoppedAt - sentAt} ms after the line began, against ${anchor} ms for the anchor`).toBeLessThanOrEqual(STATUS_RATIO * anchor);
    // A prompt now fails with a sentence instead of hanging.
    await expect(run.hub.invoke('prompt', { sessionKey: run.hostileSession!, text: 'again' })).rejects.toThrow(/ended when its agent stopped/);
  });
});
