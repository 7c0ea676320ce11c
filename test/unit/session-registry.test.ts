import { describe, expect, it } from 'vitest';
import type { NormalizedUpdate } from '../../electron/core/acp/session-updates';
import type { Session } from '../../electron/core/sessions/session';
import { EARLY_SESSIONS, SessionRegistry } from '../../electron/core/sessions/session-registry';

/** Just what the registry reads of a session: its ids, and the updates applied to it. */
function fakeSession(connectionId: string, sessionId: string) {
  const applied: NormalizedUpdate[] = [];
  const session = { connectionId, view: { sessionId, sessionKey: `key-${connectionId}-${sessionId}` }, apply: (u: NormalizedUpdate) => (applied.push(u), false) };
  return { session: session as unknown as Session, applied };
}

const text = (t: string): NormalizedUpdate => ({ kind: 'agent_text', text: t });

describe('updates for a session not registered yet', () => {
  // Brief: every agent input is bounded, and one agent's bad input loses nothing of another's (spec E-REQ-5:
  // several agents at once). Another connection's made-up session ids use up only its own slots.
  it("keeps one connection's early updates however many made-up ids another connection sends", () => {
    const registry = new SessionRegistry(() => {});
    for (let i = 0; i < EARLY_SESSIONS * 3; i++) registry.update('conn-b', `made-up-${i}`, text('flood'));
    registry.update('conn-a', 'sess-a', text('commands for A'));
    const a = fakeSession('conn-a', 'sess-a');
    registry.add(a.session);
    expect(a.applied).toEqual([text('commands for A')]);
  });

  it('still bounds the sessions kept for one connection', () => {
    const registry = new SessionRegistry(() => {});
    for (let i = 0; i <= EARLY_SESSIONS; i++) registry.update('conn-b', `s-${i}`, text(`early ${i}`));
    const first = fakeSession('conn-b', 's-0');
    const past = fakeSession('conn-b', `s-${EARLY_SESSIONS}`);
    registry.add(first.session);
    registry.add(past.session);
    expect(first.applied).toEqual([text('early 0')]);
    expect(past.applied).toEqual([]);
  });
});
