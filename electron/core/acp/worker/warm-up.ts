/**
 * Warms a connection worker's cold paths once its handshake is done, in idle slices, so the first
 * elicitation does not pay for them (docs/performance.md).
 *
 * Every agent gets a fresh worker, so a fresh V8 isolate: the first `session/update` of a v2 connection used to
 * load the SDK's JSON Schema into ajv and compile the envelope's and the kind's validators (~65 ms here), and the
 * first `elicitation/create` ran the SDK's zod parse of a form on cold code (~13 ms against ~2 warm; a v1
 * connection's first one also loaded ajv's 2020 engine). Measured by the bench's traces: the first round trip of
 * every connection took 80–180 ms against ~10 warm, and it landed on whatever the agent sent first.
 *
 * Each step runs the real code on a synthetic message that never leaves this worker: nothing is posted to main
 * or written to the agent, and every result is dropped. A step runs only when no bytes from the agent wait to be
 * taken in, one step per turn of the event loop, so a message that arrives meanwhile waits for one step at most
 * (the longest, the v2 schema load, ~20–60 ms cold) rather than for all of them. Bounded: a fixed list of steps,
 * put off at most {@link WARM_UP_MAX_DEFERRALS} times in all while the connection is busy; past that the rest
 * are skipped (the code then warms on the agent's own messages, as it did before).
 */
import { CreateElicitationRequest as V2CreateElicitationRequest } from '@agentclientprotocol/sdk/experimental/v2';
import { findSchemaSizeProblem } from '../../../../shared/form-schema/limits';
import { checkV2SessionUpdate } from '../v2/session-update';
import { normalizeSessionUpdate } from '../session-updates';
import { parseV1ElicitationParams } from '../v1/elicitation-params';
import { syntheticFormSchema } from '../../synthetic-form';

/** How long a step waits before trying again while the agent's bytes are waiting to be taken in, in ms. */
export const WARM_UP_RETRY_MS = 25;
/** How many times in all the steps may be put off for a busy connection before the rest are skipped. */
export const WARM_UP_MAX_DEFERRALS = 200;

/**
 * One piece of warm-up work. Returns whether its synthetic message took the path a valid message takes (a refusal
 * would warm only the refusal's code: the unit test holds every step to `true`). It may throw; the error is dropped.
 */
export type WarmUpStep = () => boolean;

/** The steps for a connection of `version`: the paths an update and an elicitation take, first to last. */
export function warmUpSteps(version: 1 | 2): WarmUpStep[] {
  const form = () => ({ sessionId: 'warm-up', mode: 'form', message: 'warm-up', requestedSchema: syntheticFormSchema() });
  const steps: WarmUpStep[] = [];
  if (version === 2) {
    // The schema load and the envelope first: every update needs them. Then the two kinds every turn begins with.
    steps.push(() => checkV2SessionUpdate({ sessionId: 'warm-up', update: { sessionUpdate: 'state_update', state: 'running' } }).ok);
    steps.push(() => {
      const checked = checkV2SessionUpdate({ sessionId: 'warm-up', update: { sessionUpdate: 'agent_message_chunk', messageId: 'warm-up', content: { type: 'text', text: 'warm-up' } } });
      return checked.ok && normalizeSessionUpdate(checked.update).kind === 'agent_text';
    });
    // The SDK's own zod schemas for a form request, through its published guard (the wire parse shares them).
    steps.push(() => V2CreateElicitationRequest.isForm(form() as never));
  } else {
    steps.push(() => parseV1ElicitationParams(form()).mode === 'form');
  }
  steps.push(() => findSchemaSizeProblem(syntheticFormSchema()) === undefined);
  return steps;
}

/**
 * Runs `steps` one per turn, each only when `busy()` is false (retrying after {@link WARM_UP_RETRY_MS}).
 * @param busy whether the connection has work waiting (bytes from the agent not yet taken in).
 * @param limits the retry period and the bound on deferrals (the defaults above; the tests shorten them).
 * @returns a function that stops the rest (the connection closed).
 */
export function startWarmUp(
  steps: readonly WarmUpStep[],
  busy: () => boolean,
  { retryMs = WARM_UP_RETRY_MS, maxDeferrals = WARM_UP_MAX_DEFERRALS }: { retryMs?: number; maxDeferrals?: number } = {},
): () => void {
  let next = 0;
  let deferrals = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;
  const run = () => {
    immediate = undefined;
    timer = undefined;
    if (stopped || next >= steps.length) return;
    if (busy()) {
      if (++deferrals > maxDeferrals) return;
      timer = setTimeout(run, retryMs);
      timer.unref?.();
      return;
    }
    try {
      steps[next++]();
    } catch {
      // A synthetic message the code refused is still code warmed; nothing to report.
    }
    immediate = setImmediate(run);
  };
  immediate = setImmediate(run);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}
