import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../electron/core/agents/redact';
import { RestartPolicy } from '../../electron/core/agents/restart-policy';
import { FloodGuard } from '../../electron/core/elicitation/flood-guard';

describe('restarting a crashed agent', () => {
  it('waits longer after each crash, then gives up after five crashes in ten minutes', () => {
    const policy = new RestartPolicy();
    const delays = [0, 1, 2, 3, 4].map((i) => policy.crashed(1_000_000 + i * 1000));
    expect(delays).toEqual([1000, 2000, 4000, 8000, undefined]);
  });

  it('starts counting again after a long healthy run, or when the user restarts it', () => {
    const policy = new RestartPolicy();
    for (let i = 0; i < 4; i++) policy.crashed(i);
    expect(policy.crashed(11 * 60_000)).toBe(1000);
    policy.reset();
    expect(policy.crashed(11 * 60_000 + 1)).toBe(1000);
  });
});

describe('the flood guard', () => {
  it('lets a burst through, then refuses beyond the rate, telling the user once', () => {
    const guard = new FloodGuard({ perSecond: 10, burst: 3, maxPending: 100 });
    const results = Array.from({ length: 6 }, () => guard.check('c', 0, 5000));
    expect(results.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(results.slice(3).map((r) => r?.tellUser)).toEqual([true, false, false]);
    // A tenth of a second later one more fits.
    expect(guard.check('c', 0, 5100)).toBeUndefined();
  });

  it('refuses when too many requests already wait, whatever the rate', () => {
    const guard = new FloodGuard({ perSecond: 10, burst: 10, maxPending: 2 });
    expect(guard.check('c', 2, 0)?.reason).toMatch(/2 requests are already waiting/);
    expect(guard.check('other', 0, 0)).toBeUndefined();
  });
});

describe('redacting an agent log', () => {
  it('removes the configured secret values and recognisable tokens, and keeps the rest', () => {
    const log = [
      'starting with key sk-ant-api03-abcdefghijklmnopqrstuvwx',
      'GITHUB ghp_abcdefghijklmnopqrstuvwxyz0123',
      'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload',
      'api_key=hunter2hunter2 and password: "correct horse"',
      'my own secret value is tiger-lily-42',
      'port 8080 ok',
    ].join('\n');
    const out = redactSecrets(log, ['tiger-lily-42', '1']);
    expect(out).not.toMatch(/sk-ant|ghp_|eyJhbG|hunter2|tiger-lily/);
    expect(out).toContain('api_key=‹redacted›');
    expect(out).toContain('port 8080 ok');
  });
});
