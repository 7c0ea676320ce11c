/**
 * Identity and run-time settings of the built-in demo agent. Settings come from environment variables so
 * tests can speed the agent up or pin its protocol version without flags.
 */

/** `agentInfo` (v1) / `info` (v2) name. */
export const DEMO_AGENT_NAME = 'switchboard-demo-agent';
/** Human-readable title shown by clients. */
export const DEMO_AGENT_TITLE = 'Demo agent';
/** Version reported in `initialize`. Bump when the scenarios change. */
export const DEMO_AGENT_VERSION = '0.3.0';

/** The implementation block both protocol versions send back from `initialize`. */
export function demoAgentInfo(): { name: string; title: string; version: string } {
  return { name: DEMO_AGENT_NAME, title: DEMO_AGENT_TITLE, version: DEMO_AGENT_VERSION };
}

/** Protocol versions the agent can serve. */
export type ProtocolVersion = 1 | 2;

/**
 * The protocol version forced by `DEMO_AGENT_PROTOCOL` (`1` answers v1 even to a v2 offer; `2` refuses
 * v1 clients), or `undefined` to negotiate (v2 to a v2 offer, v1 to a v1 offer).
 */
export function forcedProtocol(env: NodeJS.ProcessEnv = process.env): ProtocolVersion | undefined {
  const raw = env.DEMO_AGENT_PROTOCOL?.trim();
  if (raw === '1') return 1;
  if (raw === '2') return 2;
  if (raw) log(`ignoring DEMO_AGENT_PROTOCOL=${JSON.stringify(raw)} (expected 1 or 2)`);
  return undefined;
}

function nonNegativeInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

/** How long the "withdraw" scenario waits before withdrawing its question (`DEMO_WITHDRAW_MS`, default 3 s). */
export function withdrawDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  return nonNegativeInt(env.DEMO_WITHDRAW_MS, 3000);
}

/** How big the "long" scenario's message is, in KiB (`DEMO_LONG_MESSAGE_KB`, default 500). */
export function longMessageKb(env: NodeJS.ProcessEnv = process.env): number {
  return nonNegativeInt(env.DEMO_LONG_MESSAGE_KB, 500);
}

/** Pause between streamed text chunks (`DEMO_STREAM_MS`, default 15 ms; `0` streams without pauses). */
export function streamDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  return nonNegativeInt(env.DEMO_STREAM_MS, 15);
}

/**
 * How long the "plan" scenario waits between plan updates: 16 × {@link streamDelayMs} (240 ms by default, so
 * the plan takes about a second; `DEMO_STREAM_MS=0` runs it without pauses).
 */
export function planStepMs(env: NodeJS.ProcessEnv = process.env): number {
  return streamDelayMs(env) * 16;
}

/**
 * How long the "complete-early" scenario waits before it sends `elicitation/complete` for a URL question the
 * user has not answered yet (`DEMO_COMPLETE_EARLY_MS`, default 500 ms).
 */
export function completeEarlyDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  return nonNegativeInt(env.DEMO_COMPLETE_EARLY_MS, 500);
}

/**
 * How long the agent waits for the sign-in page's callback after the user agreed to open it
 * (`DEMO_SIGNIN_TIMEOUT_MS`, default 5 minutes; `0` waits without a limit).
 */
export function signInTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return nonNegativeInt(env.DEMO_SIGNIN_TIMEOUT_MS, 5 * 60_000);
}

/** Writes one short diagnostic line to stderr. Never pass form values or URL query strings here (spec E-PRIV-1). */
export function log(line: string): void {
  try {
    process.stderr.write(`[demo-agent] ${line}\n`);
  } catch {
    // stderr closed: nothing left to tell.
  }
}
