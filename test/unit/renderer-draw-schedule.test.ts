import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import type { FormItemView } from '../../shared/views/requests';
import type { SessionView } from '../../shared/views/sessions';
import { DrawSchedule } from '../../renderer/src/state/model/draw-schedule';
import { createAppStore, initialState, reduce, type AppState } from '../../renderer/src/state/model/store';

function session(sessionKey: string, overrides: Partial<SessionView> = {}): SessionView {
  return { sessionKey, agentId: 'a', sessionId: `sid-${sessionKey}`, cwd: '/work', promptInFlight: true, transcript: [], suggestions: [], foreground: { state: 'idle', derived: true }, ...overrides };
}

function item(itemId: string): FormItemView {
  return { itemId, agentId: 'a', agentName: 'Agent a', scope: { kind: 'request' }, mode: 'form', message: 'Question?', form: { fields: [] }, state: 'pending', arrivedAt: 1000 };
}

const text = (chunk: string): BridgeEvent => ({ type: 'transcript', sessionKey: 's1', upserts: [], appends: [{ entryId: 'e1', text: chunk }] });

/** The transcript's one entry as drawn in `state`. */
const drawnText = (state: AppState | undefined) => state?.sessions[0]?.transcript[0]?.text;

/**
 * The real store, a schedule over it, and a React stand-in that commits each state it is given at once (as
 * flushSync does, and as a transition does once it renders), recording how each one came.
 */
function rig({ laterCommitsAtOnce = true } = {}) {
  const loaded = reduce(initialState, {
    type: 'events',
    events: [
      { type: 'snapshot', snapshot: { agents: [], sessions: [session('s1')], queue: [], defaultCwd: '/', urlMode: 'off' } },
      { type: 'transcript', sessionKey: 's1', upserts: [{ entryId: 'e1', role: 'agent', text: 'Hel' }] },
    ],
  });
  const store = createAppStore(loaded);
  const draws: Array<{ when: 'now' | 'later'; state: AppState }> = [];
  const paints: Array<() => void> = [];
  let cancelled = 0;
  const schedule: DrawSchedule = new DrawSchedule(
    () => store.getState(),
    {
      now: (state) => (draws.push({ when: 'now', state }), schedule.committed(state)),
      later: (state) => {
        draws.push({ when: 'later', state });
        if (laterCommitsAtOnce) schedule.committed(state);
      },
    },
    (run) => {
      paints.push(run);
      return () => cancelled++;
    },
    loaded,
  );
  store.subscribe((change) => schedule.changed(change));
  const paint = () => paints.splice(0).forEach((run) => run());
  return { store, draws, paint, cancelledWaits: () => cancelled, schedule };
}

// A new card is painted before the text streamed with it, and that text always follows; a session's own
// state and what the user does are drawn at once, with everything before them.
describe('renderer draw schedule', () => {
  it('draws a request that came with text at once and without that text, then the text once the frame has painted', () => {
    const { store, draws, paint } = rig();
    store.dispatch({ type: 'events', events: [text('lo'), { type: 'item', item: item('q1') }] });
    expect(draws).toHaveLength(1);
    expect(draws[0].when).toBe('now');
    expect(draws[0].state.queue.map((i) => i.itemId)).toEqual(['q1']);
    expect(drawnText(draws[0].state)).toBe('Hel');
    paint();
    expect(draws[1].when).toBe('later');
    expect(drawnText(draws[1].state)).toBe('Hello');
  });

  it('folds text that streams while the card waits for its paint into the draw after it', () => {
    const { store, draws, paint } = rig();
    store.dispatch({ type: 'events', events: [text('l'), { type: 'item', item: item('q1') }] });
    store.dispatch({ type: 'events', events: [text('o')] });
    store.dispatch({ type: 'events', events: [text('!')] });
    expect(draws).toHaveLength(1);
    paint();
    expect(draws).toHaveLength(2);
    expect(drawnText(draws[1].state)).toBe('Hello!');
  });

  it('holds text back for one card at a time: the next card before that text was drawn comes with it', () => {
    const { store, draws, paint } = rig();
    store.dispatch({ type: 'events', events: [text('l'), { type: 'item', item: item('q1') }] });
    store.dispatch({ type: 'events', events: [text('o'), { type: 'item', item: item('q2') }] });
    expect(draws.map((d) => d.when)).toEqual(['now', 'now']);
    expect(drawnText(draws[1].state)).toBe('Hello');
    expect(draws[1].state.queue).toHaveLength(2);
    // Drawn whole, so the next card may again go first.
    store.dispatch({ type: 'events', events: [text('!'), { type: 'item', item: item('q3') }] });
    expect(drawnText(draws[2].state)).toBe('Hello');
    paint();
    expect(drawnText(draws.at(-1)?.state)).toBe('Hello!');
  });

  it('lets the next card go first once the held text is drawn, even if newer text is not drawn yet', () => {
    // While a reply streams, React commits a transition whose state newer text has already replaced.
    const { store, draws, paint, schedule } = rig({ laterCommitsAtOnce: false });
    store.dispatch({ type: 'events', events: [text('l'), { type: 'item', item: item('q1') }] });
    paint();
    const heldTextFollows = draws[1].state;
    store.dispatch({ type: 'events', events: [text('o')] });
    schedule.committed(heldTextFollows);
    expect(drawnText(heldTextFollows)).toBe('Hell');
    store.dispatch({ type: 'events', events: [text('!'), { type: 'item', item: item('q2') }] });
    const card = draws.at(-1);
    expect(card?.when).toBe('now');
    expect(card?.state.queue).toHaveLength(2);
    expect(drawnText(card?.state)).toBe('Hell');
    paint();
    expect(drawnText(draws.at(-1)?.state)).toBe('Hello!');
  });

  it('draws the next card whole while no state drawn since the last card holds its text', () => {
    const { store, draws, paint } = rig({ laterCommitsAtOnce: false });
    store.dispatch({ type: 'events', events: [text('l'), { type: 'item', item: item('q1') }] });
    paint();
    store.dispatch({ type: 'events', events: [text('o'), { type: 'item', item: item('q2') }] });
    expect(draws.at(-1)?.when).toBe('now');
    expect(drawnText(draws.at(-1)?.state)).toBe('Hello');
  });

  it('draws a session state change whole and at once, so a turn never ends before its text', () => {
    const { store, draws, cancelledWaits } = rig();
    const { transcript: _none, ...turnEnded } = session('s1', { promptInFlight: false });
    store.dispatch({ type: 'events', events: [text('l'), { type: 'item', item: item('q1') }] });
    store.dispatch({ type: 'events', events: [text('o'), { type: 'session', session: turnEnded }] });
    expect(draws[1].when).toBe('now');
    expect(draws[1].state.sessions[0].promptInFlight).toBe(false);
    expect(drawnText(draws[1].state)).toBe('Hello');
    expect(cancelledWaits()).toBe(1);
  });

  it('draws what the user does whole and at once, even while a card waits for its paint', () => {
    const { store, draws } = rig();
    store.dispatch({ type: 'events', events: [text('lo'), { type: 'item', item: item('q1') }] });
    store.dispatch({ type: 'markSeen', itemIds: ['q1'] });
    expect(draws[1].when).toBe('now');
    expect(draws[1].state.seen.has('q1')).toBe(true);
    expect(drawnText(draws[1].state)).toBe('Hello');
  });

  it('draws the whole state when the sessions on screen are not the store’s apart from their text', () => {
    const { store, draws, schedule } = rig();
    // Before the first catch-up commit: the screen has no sessions yet.
    schedule.committed(initialState);
    store.dispatch({ type: 'events', events: [text('lo'), { type: 'item', item: item('q1') }] });
    expect(draws[0].state.sessions.map((s) => s.sessionKey)).toEqual(['s1']);
    expect(drawnText(draws[0].state)).toBe('Hello');
  });

  it('stops waiting for the paint when it is disposed', () => {
    const { store, schedule, cancelledWaits } = rig();
    store.dispatch({ type: 'events', events: [text('lo'), { type: 'item', item: item('q1') }] });
    schedule.dispose();
    expect(cancelledWaits()).toBe(1);
  });
});
