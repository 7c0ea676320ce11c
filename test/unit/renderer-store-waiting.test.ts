import { describe, expect, it } from 'vitest';
import type { FormItemView } from '../../shared/views/requests';
import { initialState, isUnread, pendingCounts, reduce, unreadCounts, waitingItems, type AppState } from '../../renderer/src/state/model/store';
import { explainDeclineText } from '../../renderer/src/session/transcript/model/decline-text';
import { agent, session, item, urlItem, snapshot, withEvents } from './renderer-store-fixture';

describe('renderer store: waiting and unread', () => {
  it('lists every agent\'s waiting items by arrival, leaving out answered or withdrawn ones', () => {
    const queue = [
      item('a-late', { arrivedAt: 300 }),
      item('b-early', { agentId: 'b', arrivedAt: 100 }),
      item('a-gone', { arrivedAt: 50, state: 'withdrawn' }),
      urlItem('a-url', { arrivedAt: 200 }),
      item('b-tie', { agentId: 'b', arrivedAt: 300 }),
    ];
    expect(waitingItems(queue).map((i) => i.itemId)).toEqual(['b-early', 'a-url', 'a-late', 'b-tie']);
  });

  it('counts a waiting item as unread until its card has been seen', () => {
    let state = withEvents(initialState, {
      type: 'snapshot',
      snapshot: snapshot({ queue: [item('a1'), item('a2'), item('b1', { agentId: 'b' }), item('a3', { state: 'withdrawn' })] }),
    });
    expect(unreadCounts(state.queue, state.seen)).toEqual(new Map([['a', 2], ['b', 1]]));
    state = reduce(state, { type: 'markSeen', itemIds: ['a1', 'b1'] });
    expect(unreadCounts(state.queue, state.seen)).toEqual(new Map([['a', 1]]));
    expect(isUnread(state.queue[0], state.seen)).toBe(false);
    expect(isUnread(state.queue[1], state.seen)).toBe(true);
  });

  it('does not change the state when the seen items were already seen or are unknown', () => {
    const state = reduce(withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ queue: [item('a1')] }) }), {
      type: 'markSeen',
      itemIds: ['a1'],
    });
    expect(reduce(state, { type: 'markSeen', itemIds: ['a1', 'ghost'] })).toBe(state);
    expect(state.seen.has('ghost')).toBe(false);
  });

  it('drops read marks of items that left the queue, by removal or by snapshot', () => {
    let state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ queue: [item('a1'), item('a2'), item('a3')] }) });
    state = reduce(state, { type: 'markSeen', itemIds: ['a1', 'a2', 'a3'] });
    state = withEvents(state, { type: 'itemRemoved', itemId: 'a1' });
    expect([...state.seen]).toEqual(['a2', 'a3']);
    state = withEvents(state, { type: 'snapshot', snapshot: snapshot({ queue: [item('a3')] }) });
    expect([...state.seen]).toEqual(['a3']);
  });

  it('keeps the waiting list in arrival order with 500 items from 20 agents', () => {
    const queue = Array.from({ length: 500 }, (_, n) => item(`i${n}`, { agentId: `agent-${n % 20}`, arrivedAt: 10_000 - n }));
    const waiting = waitingItems(queue);
    expect(waiting).toHaveLength(500);
    expect(waiting[0].itemId).toBe('i499');
    expect(pendingCounts(queue).size).toBe(20);
    expect(unreadCounts(queue, new Set()).get('agent-0')).toBe(25);
  });
});

describe('arrival notices', () => {
  const arrived = (state: AppState, agentId: string, itemIds: string[]) => withEvents(state, { type: 'requestsArrived', agentId, itemIds });

  it('tells once about requests of an agent not on screen, counting those still waiting, with Show for the oldest', () => {
    const queue = [item('b1', { agentId: 'b', arrivedAt: 1 }), item('b2', { agentId: 'b', arrivedAt: 2 }), item('b3', { agentId: 'b', state: 'withdrawn' })];
    const state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a'), agent('b', { name: 'Beta' })], queue }) });
    const told = arrived(state, 'b', ['b1', 'b2', 'b3']);
    expect(told.notices).toEqual([{ noticeId: 1, level: 'info', agentId: 'b', text: 'Beta is asking you 2 things.', action: { kind: 'show', itemId: 'b1' } }]);
    expect(arrived(state, 'b', ['b1']).notices[0].text).toBe('Beta is asking you to fill in a form.');
    // Nothing of it waits any more: nothing to say.
    expect(arrived(state, 'b', ['b3']).notices).toEqual([]);
  });

  it('says nothing when that agent’s requests are on screen, but does from the Waiting list or History', () => {
    const state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a'), agent('b')], queue: [item('a1')] }) });
    // The first agent is shown when none was chosen.
    expect(arrived(state, 'a', ['a1']).notices).toEqual([]);
    expect(arrived(reduce(state, { type: 'showHistory' }), 'a', ['a1']).notices).toHaveLength(1);
    expect(arrived(reduce(state, { type: 'selectAgent', agentId: 'b' }), 'a', ['a1']).notices).toHaveLength(1);
  });
});

describe('after a Decline', () => {
  it('offers to tell the agent why once: on a session request’s record, or for a request of no session on the notice', () => {
    const sessions = [session('s1', { agentId: 'a' }), session('s2', { agentId: 'a' })];
    const state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a', { name: 'Alpha' })], sessions }) });
    const inSession = item('i1', { message: 'Pick a colour', scope: { kind: 'session', sessionKey: 's1', sessionId: 'sid-s1' } as FormItemView['scope'] });
    // A session's request: its record in the transcript offers it (RequestRecord), so the notice only says what happened.
    expect(reduce(state, { type: 'declined', item: inSession }).notices).toEqual([
      { noticeId: 1, level: 'info', agentId: 'a', text: 'You declined Alpha’s request.' },
    ]);
    // A sign-in's request: the session on screen for that agent, else its newest.
    const signIn = item('i2', { message: 'Sign in', scope: { kind: 'request', label: 'while signing in' } });
    expect(reduce(state, { type: 'declined', item: signIn }).notices[0].action).toEqual({ kind: 'explain', agentId: 'a', sessionKey: 's2', question: 'Sign in' });
    const chosen = reduce(state, { type: 'selectSession', agentId: 'a', sessionKey: 's1' });
    expect(reduce(chosen, { type: 'declined', item: signIn }).notices[0].action).toMatchObject({ sessionKey: 's1' });
    // No session at all: nowhere to say it, so no offer.
    const none = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a')] }) });
    expect(reduce(none, { type: 'declined', item: signIn }).notices).toEqual([]);
  });

  it('starts the sentence with the question, cut to its first line', () => {
    expect(explainDeclineText('Pick a colour\nany colour')).toBe('I declined “Pick a colour” because ');
    expect(explainDeclineText('  ')).toBe('I declined your request because ');
    expect(explainDeclineText('x'.repeat(200))).toMatch(/^I declined “x{79}…” because $/);
  });
});
