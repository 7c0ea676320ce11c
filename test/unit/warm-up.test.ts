import { describe, expect, it } from 'vitest';
import { startWarmUp, WARM_UP_RETRY_MS, warmUpSteps, type WarmUpStep } from '../../electron/core/acp/worker/warm-up';
import { warmFormPath } from '../../electron/core/elicitation/form-warm-up';

// A connection worker warms the paths its first update and first request take,
// on synthetic messages, in idle slices, before the agent sends anything that needs them.

const turn = () => new Promise<void>((done) => setImmediate(done));
const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

describe('connection warm-up', () => {
  it.each([1, 2] as const)('takes the path a valid message takes on v%i, in every step (so that path is what warms)', (version) => {
    const steps = warmUpSteps(version);
    expect(steps.length).toBeGreaterThan(1);
    // A step whose synthetic message the real code refused would warm only the refusal (say, after an SDK schema change).
    for (const step of steps) expect(step()).toBe(true);
  });

  it('runs one step per turn of the event loop, so a message arriving meanwhile waits for one step at most', async () => {
    const ran: number[] = [];
    const steps: WarmUpStep[] = [0, 1, 2].map((i) => () => (ran.push(i), true));
    startWarmUp(steps, () => false);
    expect(ran).toEqual([]);
    await turn();
    expect(ran).toEqual([0]);
    await turn();
    expect(ran).toEqual([0, 1]);
    await turn();
    await turn();
    expect(ran).toEqual([0, 1, 2]);
  });

  it('waits while the connection has bytes to take in, then goes on', async () => {
    const ran: number[] = [];
    let busy = true;
    startWarmUp([() => (ran.push(0), true)], () => busy);
    await turn();
    await wait(WARM_UP_RETRY_MS * 2);
    expect(ran).toEqual([]);
    busy = false;
    await wait(WARM_UP_RETRY_MS * 2);
    expect(ran).toEqual([0]);
  });

  it('keeps going past a step that throws', async () => {
    const ran: string[] = [];
    startWarmUp(
      [
        () => {
          throw new Error('refused');
        },
        () => (ran.push('second'), true),
      ],
      () => false,
    );
    await turn();
    await turn();
    await turn();
    expect(ran).toEqual(['second']);
  });

  it('stops when the connection closes', async () => {
    const ran: number[] = [];
    const stop = startWarmUp([() => (ran.push(0), true), () => (ran.push(1), true)], () => false);
    await turn();
    stop();
    await turn();
    await turn();
    expect(ran).toEqual([0]);
  });

  it('gives up after a bounded number of deferrals on a connection that is never idle', async () => {
    let asked = 0;
    const ran: number[] = [];
    startWarmUp([() => (ran.push(0), true)], () => (asked++, true), { retryMs: 1, maxDeferrals: 3 });
    // Three deferrals, then the fourth busy check gives up: nothing is scheduled any more (timers run late under load).
    for (let waited = 0; asked < 4 && waited < 5_000; waited += 10) await wait(10);
    expect(asked).toBe(4);
    await wait(50);
    expect(asked).toBe(4);
    expect(ran).toEqual([]);
  });
});

describe('main\'s form warm-up', () => {
  // spec E-FORM-1 / E-FORM-7: the synthetic answer passes the synthetic form's checks, so what warms is the path a
  // valid Send takes (a refusal would warm only the error messages).
  it('describes the synthetic form and passes a valid answer through its checks', () => {
    expect(warmFormPath()).toBe(true);
  });
});
