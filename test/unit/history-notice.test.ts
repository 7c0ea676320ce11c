import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import type { CoreContext } from '../../electron/core/core-context';
import { DomainEvents } from '../../electron/core/domain-events';
import { SessionHistory } from '../../electron/core/history/session-history';

describe('the history notice', () => {
  it('tells the user, every snapshot and the log when the store moves a damaged file aside while in use', () => {
    const events: BridgeEvent[] = [];
    const logs: string[] = [];
    const ctx = {
      options: {},
      domain: new DomainEvents(),
      emit: (event: BridgeEvent) => events.push(event),
      log: (line: string) => logs.push(line),
    } as unknown as CoreContext;
    const history = new SessionHistory(ctx);
    expect(history.notice).toBeUndefined();
    const sentence = 'Your session history (history.sqlite) was found damaged, so it was moved aside.';
    history.store.onMovedAside?.(sentence);
    expect(history.notice).toBe(sentence);
    expect(events).toContainEqual({ type: 'notice', level: 'error', text: sentence });
    expect(logs).toEqual(['history: the history file was found damaged while in use and was moved aside; a new one was started']);
    history.close();
  });
});
