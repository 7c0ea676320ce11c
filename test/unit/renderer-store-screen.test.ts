import { describe, expect, it } from 'vitest';
import { initialState, reduce, stepWaiting } from '../../renderer/src/state/model/store';
import { agent, session, item, snapshot, withEvents } from './renderer-store-fixture';

describe('renderer store: what is on screen', () => {
  const loaded = withEvents(initialState, {
    type: 'snapshot',
    snapshot: snapshot({
      agents: [agent('a'), agent('b')],
      sessions: [session('s1'), session('s2', { agentId: 'b' })],
      queue: [
        item('a1', { arrivedAt: 100 }),
        item('b1', { agentId: 'b', agentName: 'Agent b', arrivedAt: 50, scope: { kind: 'session', sessionKey: 's2', sessionId: 'sid-s2' } }),
      ],
    }),
  });

  it('shows the chosen agent and goes back to it from the waiting list', () => {
    let state = reduce(loaded, { type: 'showWaiting' });
    expect(state.view).toBe('waiting');
    state = reduce(state, { type: 'selectAgent', agentId: 'b' });
    expect(state).toMatchObject({ view: 'agent', selectedAgentId: 'b' });
    expect(reduce(state, { type: 'selectAgent', agentId: 'b' })).toBe(state);
  });

  it('remembers the chosen session per agent', () => {
    const state = reduce(loaded, { type: 'selectSession', agentId: 'a', sessionKey: 's1' });
    expect(state.selectedSessions).toEqual({ a: 's1' });
    expect(reduce(state, { type: 'selectSession', agentId: 'a', sessionKey: 's1' })).toBe(state);
  });

  it('reveals an item by selecting its agent and session, back in the agent view, with a new seq each time', () => {
    let state = reduce(loaded, { type: 'showWaiting' });
    state = reduce(state, { type: 'revealItem', itemId: 'b1' });
    expect(state).toMatchObject({ selectedAgentId: 'b', view: 'agent', reveal: { itemId: 'b1', seq: 1 } });
    expect(state.selectedSessions).toEqual({ b: 's2' });
    state = reduce(state, { type: 'revealItem', itemId: 'b1' });
    expect(state.reveal).toEqual({ itemId: 'b1', seq: 2 });
  });

  it('ignores a reveal of an item it does not have', () => {
    expect(reduce(loaded, { type: 'revealItem', itemId: 'ghost' })).toBe(loaded);
  });

  it('numbers each native-menu command, so pressing New session twice asks twice; it leaves the waiting list', () => {
    let state = withEvents(reduce(loaded, { type: 'showWaiting' }), { type: 'menuCommand', command: 'addAgent' });
    expect(state).toMatchObject({ view: 'waiting', menuCommand: { command: 'addAgent', seq: 1 } });
    state = withEvents(state, { type: 'menuCommand', command: 'newSession' }, { type: 'menuCommand', command: 'newSession' });
    expect(state).toMatchObject({ view: 'agent', menuCommand: { command: 'newSession', seq: 3 } });
  });

  it('reveals the item of a focusItem event from main (a clicked notification)', () => {
    const state = withEvents(reduce(loaded, { type: 'showWaiting' }), { type: 'focusItem', itemId: 'a1' });
    expect(state).toMatchObject({ selectedAgentId: 'a', view: 'agent', reveal: { itemId: 'a1', seq: 1 }, pendingFocus: null });
  });

  it('reveals a focused item as soon as it arrives, whether by item event or snapshot', () => {
    let state = withEvents(loaded, { type: 'focusItem', itemId: 'late' });
    expect(state.pendingFocus).toBe('late');
    expect(state.reveal).toBeNull();
    state = withEvents(state, { type: 'item', item: item('late', { agentId: 'b', arrivedAt: 300 }) });
    expect(state).toMatchObject({ selectedAgentId: 'b', reveal: { itemId: 'late' }, pendingFocus: null });

    let fresh = withEvents(initialState, { type: 'focusItem', itemId: 'a1' });
    fresh = withEvents(fresh, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a')], queue: [item('a1')] }) });
    expect(fresh).toMatchObject({ selectedAgentId: 'a', reveal: { itemId: 'a1', seq: 1 }, pendingFocus: null });
  });

  it('forgets a focus request for an item a snapshot no longer has', () => {
    let state = withEvents(loaded, { type: 'focusItem', itemId: 'gone' });
    state = withEvents(state, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a')] }) });
    expect(state.pendingFocus).toBeNull();
    expect(state.reveal).toBeNull();
  });

  it('keeps the chosen agent through a snapshot that reorders the agents', () => {
    let state = reduce(loaded, { type: 'selectAgent', agentId: 'b' });
    state = withEvents(state, { type: 'snapshot', snapshot: snapshot({ agents: [agent('b'), agent('a')] }) });
    expect(state.selectedAgentId).toBe('b');
  });
});

describe('Next / Previous waiting request', () => {
  it('steps through waiting requests oldest first across agents, wrapping both ways', () => {
    expect(stepWaiting([], undefined, 1)).toBeUndefined();
    expect(stepWaiting(['a', 'b', 'c'], undefined, 1)).toBe('a');
    expect(stepWaiting(['a', 'b', 'c'], undefined, -1)).toBe('c');
    expect(stepWaiting(['a', 'b', 'c'], 'a', 1)).toBe('b');
    expect(stepWaiting(['a', 'b', 'c'], 'c', 1)).toBe('a');
    expect(stepWaiting(['a', 'b', 'c'], 'a', -1)).toBe('c');
    // The one in focus was answered meanwhile: start again from the oldest (or the newest going back).
    expect(stepWaiting(['b', 'c'], 'a', 1)).toBe('b');
    expect(stepWaiting(['b', 'c'], 'a', -1)).toBe('c');
  });

  it('shows the next waiting request of another agent and asks to focus into it', () => {
    const queue = [item('i1', { arrivedAt: 1 }), item('i2', { agentId: 'b', agentName: 'Agent b', arrivedAt: 2 }), item('done', { state: 'withdrawn', arrivedAt: 3 })];
    let state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a'), agent('b')], queue }) });
    state = reduce(state, { type: 'stepWaiting', direction: 1, from: 'i1' });
    expect(state.selectedAgentId).toBe('b');
    expect(state.reveal).toMatchObject({ itemId: 'i2', into: true });
    // Without a card in focus it goes on from the one it showed last; ended items are never stops.
    state = reduce(state, { type: 'stepWaiting', direction: 1 });
    expect(state.reveal).toMatchObject({ itemId: 'i1', into: true });
    expect(state.selectedAgentId).toBe('a');
  });
});
