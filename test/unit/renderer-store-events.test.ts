import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import type { FormItemView } from '../../shared/views/requests';
import {
  MAX_NOTICES,
  createAppStore,
  initialState,
  pendingCounts,
  queueOfAgent,
  reduce,
  splitByLive,
  waitingItems,
  waitsForUser,
} from '../../renderer/src/state/model/store';
import { agent, session, item, urlItem, snapshot, withEvents } from './renderer-store-fixture';

describe('renderer store', () => {
  it('replaces everything but notices when a snapshot arrives', () => {
    let state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('old')] }) });
    state = withEvents(state, { type: 'notice', level: 'info', text: 'hello' });
    state = withEvents(state, {
      type: 'snapshot',
      snapshot: snapshot({ agents: [agent('new')], queue: [item('i1')], defaultCwd: '/tmp' }),
    });
    expect(state.loaded).toBe(true);
    expect(state.agents.map((a) => a.agentId)).toEqual(['new']);
    expect(state.queue.map((i) => i.itemId)).toEqual(['i1']);
    expect(state.defaultCwd).toBe('/tmp');
    expect(state.notices.map((n) => n.text)).toEqual(['hello']);
  });

  it('upserts agents and items by id, keeping their position', () => {
    let state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a'), agent('b')] }) });
    state = withEvents(
      state,
      { type: 'agent', agent: agent('a', { status: { kind: 'failed', message: 'no binary' } }) },
      { type: 'agent', agent: agent('c') },
      { type: 'item', item: item('i1') },
      { type: 'item', item: item('i1', { state: 'withdrawn' }) },
    );
    expect(state.agents.map((a) => a.agentId)).toEqual(['a', 'b', 'c']);
    expect(state.agents[0].status).toEqual({ kind: 'failed', message: 'no binary' });
    expect(state.queue).toHaveLength(1);
    expect(state.queue[0].state).toBe('withdrawn');
  });

  it('deletes an item on itemRemoved and ignores an unknown id', () => {
    const start = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ queue: [item('i1'), item('i2')] }) });
    const removed = withEvents(start, { type: 'itemRemoved', itemId: 'i1' });
    expect(removed.queue.map((i) => i.itemId)).toEqual(['i2']);
    expect(withEvents(removed, { type: 'itemRemoved', itemId: 'nope' })).toBe(removed);
  });

  it('keeps a session transcript when a session event carries none', () => {
    let state = withEvents(initialState, {
      type: 'snapshot',
      snapshot: snapshot({ sessions: [session('s1', { transcript: [{ entryId: 'e1', role: 'user', text: 'hi' }] })] }),
    });
    const { transcript: _dropped, ...fields } = session('s1', { promptInFlight: true, title: 'Renamed' });
    state = withEvents(state, { type: 'session', session: fields });
    expect(state.sessions[0].promptInFlight).toBe(true);
    expect(state.sessions[0].title).toBe('Renamed');
    expect(state.sessions[0].transcript).toEqual([{ entryId: 'e1', role: 'user', text: 'hi' }]);
  });

  it('replaces session fields rather than merging them, so a cleared stop reason clears', () => {
    let state = withEvents(initialState, {
      type: 'snapshot',
      snapshot: snapshot({ sessions: [session('s1', { lastStopReason: 'cancelled' })] }),
    });
    const { transcript: _dropped, lastStopReason: _reason, ...fields } = session('s1');
    state = withEvents(state, { type: 'session', session: fields });
    expect(state.sessions[0].lastStopReason).toBeUndefined();
  });

  it('starts a new session with an empty transcript when its first event carries none', () => {
    const { transcript: _dropped, ...fields } = session('s9');
    const state = withEvents(initialState, { type: 'session', session: fields });
    expect(state.sessions[0].transcript).toEqual([]);
  });

  it('replaces transcript entries with the same entryId and appends new ones in order', () => {
    let state = withEvents(initialState, {
      type: 'snapshot',
      snapshot: snapshot({
        sessions: [
          session('s1', {
            transcript: [
              { entryId: 'e1', role: 'user', text: 'hi' },
              { entryId: 'e2', role: 'agent', text: 'Hel' },
            ],
          }),
        ],
      }),
    });
    state = withEvents(state, {
      type: 'transcript',
      sessionKey: 's1',
      upserts: [
        { entryId: 'e2', role: 'agent', text: 'Hello' },
        { entryId: 'e3', role: 'system', text: 'Tool call started' },
        { entryId: 'e3', role: 'system', text: 'Tool call done' },
      ],
    });
    expect(state.sessions[0].transcript).toEqual([
      { entryId: 'e1', role: 'user', text: 'hi' },
      { entryId: 'e2', role: 'agent', text: 'Hello' },
      { entryId: 'e3', role: 'system', text: 'Tool call done' },
    ]);
  });

  it('adds streamed text to the end of the entry it names, after applying whole entries', () => {
    let state = withEvents(initialState, {
      type: 'snapshot',
      snapshot: snapshot({ sessions: [session('s1', { transcript: [{ entryId: 'e1', role: 'agent', text: 'Hel' }] })] }),
    });
    // architecture rule 6: only the new text crosses the bridge.
    state = withEvents(state, {
      type: 'transcript',
      sessionKey: 's1',
      upserts: [{ entryId: 'e2', role: 'agent', text: 'Second' }],
      appends: [
        { entryId: 'e1', text: 'lo' },
        { entryId: 'e2', text: ' message' },
        { entryId: 'unknown', text: 'dropped' },
      ],
    });
    expect(state.sessions[0].transcript).toEqual([
      { entryId: 'e1', role: 'agent', text: 'Hello' },
      { entryId: 'e2', role: 'agent', text: 'Second message' },
    ]);
  });

  it('ignores transcript entries for a session it does not know', () => {
    const state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot() });
    const next = withEvents(state, { type: 'transcript', sessionKey: 'ghost', upserts: [{ entryId: 'e', role: 'agent', text: 'x' }] });
    expect(next).toBe(state);
  });

  it('keeps one info notice, the newest, beside the errors, which stay until dismissed', () => {
    let state = withEvents(initialState, { type: 'notice', level: 'error', text: 'broken' });
    for (const text of ['one', 'two', 'three']) state = withEvents(state, { type: 'notice', level: 'info', text });
    expect(state.notices.map((n) => n.text)).toEqual(['broken', 'three']);
  });

  it('keeps only the latest notices and dismisses one by id', () => {
    let state = initialState;
    for (let n = 0; n < MAX_NOTICES + 2; n++) state = withEvents(state, { type: 'notice', level: 'error', text: `n${n}` });
    expect(state.notices).toHaveLength(MAX_NOTICES);
    expect(state.notices[0].text).toBe('n2');
    const first = state.notices[0].noticeId;
    state = reduce(state, { type: 'dismissNotice', noticeId: first });
    expect(state.notices.map((n) => n.text)).not.toContain('n2');
  });

  it('never mutates the state it was given', () => {
    const start = withEvents(initialState, {
      type: 'snapshot',
      snapshot: snapshot({ sessions: [session('s1')], queue: [item('i1')], agents: [agent('a')] }),
    });
    const frozen = structuredClone(start);
    withEvents(
      start,
      { type: 'transcript', sessionKey: 's1', upserts: [{ entryId: 'e1', role: 'agent', text: 'x' }] },
      { type: 'item', item: item('i1', { state: 'disconnected' }) },
      { type: 'itemRemoved', itemId: 'i1' },
      { type: 'agent', agent: agent('a', { status: { kind: 'starting' } }) },
    );
    expect(start).toEqual(frozen);
  });

  it('puts live items before ended ones, each part by arrival', () => {
    const queue = queueOfAgent(
      [
        item('done-early', { arrivedAt: 100, state: 'completed' }),
        item('late', { arrivedAt: 400 }),
        item('gone', { arrivedAt: 200, state: 'withdrawn' }),
        item('opened', { arrivedAt: 300, state: 'consented' }),
        item('early', { arrivedAt: 150 }),
      ],
      'a',
    );
    const { live, ended } = splitByLive(queue);
    expect(live.map((i) => i.itemId)).toEqual(['early', 'opened', 'late']);
    expect(ended.map((i) => i.itemId)).toEqual(['done-early', 'gone']);
  });

  it('shows requests of the same millisecond in the order main received them, whatever their ids', () => {
    // Ties were broken by the random item id, so two requests arriving together showed in random order.
    const queue = [
      item('zzz', { arrivedAt: 100, arrivalSeq: 1 }),
      item('aaa', { arrivedAt: 100, arrivalSeq: 3 }),
      item('mmm', { arrivedAt: 100, arrivalSeq: 2 }),
    ];
    expect(queueOfAgent(queue, 'a').map((i) => i.itemId)).toEqual(['zzz', 'mmm', 'aaa']);
    expect(waitingItems(queue).map((i) => i.itemId)).toEqual(['zzz', 'mmm', 'aaa']);
  });

  it('orders an agent queue by arrival time and counts only pending items', () => {
    const queue = [
      item('late', { arrivedAt: 300 }),
      item('other', { agentId: 'b', arrivedAt: 100 }),
      item('early', { arrivedAt: 100 }),
      item('gone', { arrivedAt: 200, state: 'withdrawn' }),
    ];
    expect(queueOfAgent(queue, 'a').map((i) => i.itemId)).toEqual(['early', 'gone', 'late']);
    expect(pendingCounts(queue)).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
  });

  it('takes the default URL open mode from the snapshot, and starts with URL mode off', () => {
    expect(initialState.urlMode).toBe('off');
    const state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ urlMode: 'system-browser' }) });
    expect(state.urlMode).toBe('system-browser');
    expect(withEvents(state, { type: 'snapshot', snapshot: snapshot({ urlMode: 'off' }) }).urlMode).toBe('off');
  });

  it('keeps an agent\'s sign-in methods and the sign-in in progress from agent events', () => {
    const methods = [{ methodId: 'demo-login', name: 'Demo login', description: 'A pretend provider' }];
    let state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a')] }) });
    state = withEvents(state, { type: 'agent', agent: agent('a', { authMethods: methods, signingIn: { methodId: 'demo-login' } }) });
    expect(state.agents[0].authMethods).toEqual(methods);
    expect(state.agents[0].signingIn).toEqual({ methodId: 'demo-login' });
    state = withEvents(state, { type: 'agent', agent: agent('a', { authMethods: methods }) });
    expect(state.agents[0].signingIn).toBeUndefined();
  });

  it('follows a URL item through consent and completion by replacing it whole', () => {
    let state = withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ queue: [urlItem('u1')] }) });
    state = withEvents(state, {
      type: 'item',
      item: urlItem('u1', { state: 'consented', openedIn: 'app-window', windowOpen: true }),
    });
    state = withEvents(state, { type: 'item', item: urlItem('u1', { state: 'consented', openedIn: 'app-window', windowOpen: false }) });
    const consented = state.queue[0];
    expect(consented.mode === 'url' && consented.windowOpen).toBe(false);
    state = withEvents(state, { type: 'item', item: urlItem('u1', { state: 'completed', openedIn: 'app-window', windowOpen: false }) });
    expect(state.queue).toHaveLength(1);
    expect(state.queue[0].state).toBe('completed');
  });

  it('counts pending forms and pending URL consents as waiting, but not consented, refused or completed URLs', () => {
    const queue = [
      item('form'),
      urlItem('consent'),
      urlItem('open', { state: 'consented', openedIn: 'app-window', windowOpen: true }),
      urlItem('refused', { state: 'refused', refusedReason: 'This is a javascript: link.' }),
      urlItem('done', { state: 'completed' }),
      urlItem('gone', { state: 'withdrawn' }),
      urlItem('other', { agentId: 'b' }),
    ];
    expect(queue.filter(waitsForUser).map((i) => i.itemId)).toEqual(['form', 'consent', 'other']);
    expect(pendingCounts(queue)).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
  });

  it('notifies subscribers only when the state changes', () => {
    const store = createAppStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.dispatch({ type: 'connection', status: 'connecting' });
    store.dispatch({ type: 'connection', status: 'open' });
    unsubscribe();
    store.dispatch({ type: 'connection', status: 'reconnecting' });
    expect(calls).toBe(1);
    expect(store.getState().connection).toBe('reconnecting');
  });

  // Streamed text may be drawn at a lower priority (use-app-state.ts); anything else in a batch (here a
  // request arriving with its transcript record) makes the batch urgent, so a card never waits behind text, but
  // one whose sessions changed only in their transcripts lets that text follow the card's frame.
  it('tells subscribers whether a change held only transcript text', () => {
    const store = createAppStore(withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ sessions: [session('s1')] }) }));
    const changes: string[] = [];
    store.subscribe((change) => changes.push(change));
    const text: BridgeEvent = { type: 'transcript', sessionKey: 's1', upserts: [{ entryId: 'e1', role: 'agent', text: 'Hel' }], appends: [{ entryId: 'e1', text: 'lo' }] };
    store.dispatch({ type: 'events', events: [text] });
    store.dispatch({ type: 'events', events: [{ type: 'transcript', sessionKey: 's1', upserts: [], appends: [{ entryId: 'e1', text: '!' }] }, { type: 'item', item: item('q1') }] });
    store.dispatch({ type: 'selectAgent', agentId: 'a' });
    expect(changes).toEqual(['low', 'urgentExceptText', 'urgent']);
    expect(store.getState().sessions[0].transcript[0].text).toBe('Hello!');
  });

  // A session's own state (here a turn's end) is never drawn before the text that came with it.
  it('keeps a batch urgent with its text when it changes a session, or changes no transcript', () => {
    const store = createAppStore(withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ sessions: [session('s1')] }) }));
    const changes: string[] = [];
    store.subscribe((change) => changes.push(change));
    const text: BridgeEvent = { type: 'transcript', sessionKey: 's1', upserts: [{ entryId: 'e1', role: 'agent', text: 'Done' }] };
    store.dispatch({ type: 'events', events: [text, { type: 'item', item: item('q1') }, { type: 'session', session: { ...session('s1'), promptInFlight: false } }] });
    store.dispatch({ type: 'events', events: [{ type: 'item', item: item('q2') }] });
    store.dispatch({ type: 'events', events: [{ type: 'transcript', sessionKey: 's1', upserts: [{ entryId: 'e2', role: 'agent', text: 'More' }] }, { type: 'sessionRemoved', sessionKey: 's1' }] });
    expect(changes).toEqual(['urgent', 'urgent', 'urgent']);
  });

  // Only a new request goes before its text. A request that ends (here
  // withdrawn) is drawn with its record's new text in the same frame, never with the record still saying it waits.
  it('keeps a request that ended urgent with its record, and lets only a new one go first', () => {
    const store = createAppStore(withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ sessions: [session('s1')], queue: [item('q1')] }) }));
    const changes: string[] = [];
    store.subscribe((change) => changes.push(change));
    const record = (text: string): BridgeEvent => ({ type: 'transcript', sessionKey: 's1', upserts: [{ entryId: 'r1', role: 'system', text }] });
    store.dispatch({ type: 'events', events: [record('Asked: withdrawn'), { type: 'item', item: item('q1', { state: 'withdrawn' }) }] });
    store.dispatch({ type: 'events', events: [record('Asked: withdrawn'), { type: 'itemRemoved', itemId: 'q1' }] });
    store.dispatch({ type: 'events', events: [record('Asked again'), { type: 'item', item: item('q2') }] });
    expect(changes).toEqual(['urgent', 'urgent', 'urgentExceptText']);
  });

  // A form's check on arrival saves its draft in main, which sends the item back with it; the card on
  // screen holds those values already, so that echo waits with the text. A request's own change never does.
  it('lets a saved draft and a quiet arrival note wait with the text, but not a request that changed', () => {
    const store = createAppStore(
      withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a')], sessions: [session('s1')], queue: [item('q1')] }) }),
    );
    const changes: string[] = [];
    store.subscribe((change) => changes.push(change));
    const text: BridgeEvent = { type: 'transcript', sessionKey: 's1', upserts: [], appends: [{ entryId: 'e1', text: 'x' }] };
    store.dispatch({ type: 'events', events: [{ type: 'item', item: item('q1', { draft: { name: 'Ada' } }) }, text] });
    // Agent a is on screen: its requests' cards say so themselves, and no notice is raised.
    store.dispatch({ type: 'events', events: [{ type: 'requestsArrived', agentId: 'a', itemIds: ['q1'] }, text] });
    store.dispatch({ type: 'events', events: [{ type: 'item', item: item('q1', { draft: { name: 'Ada' }, state: 'withdrawn' }) }] });
    store.dispatch({ type: 'events', events: [{ type: 'item', item: item('q2') }] });
    expect(changes).toEqual(['low', 'low', 'urgent', 'urgent']);
    expect((store.getState().queue.find((i) => i.itemId === 'q1') as FormItemView).draft).toEqual({ name: 'Ada' });
  });

  it('keeps an arrival note urgent when it raises a notice', () => {
    const store = createAppStore(
      withEvents(initialState, { type: 'snapshot', snapshot: snapshot({ agents: [agent('a'), agent('b')], queue: [item('q1', { agentId: 'b' })] }) }),
    );
    const changes: string[] = [];
    store.subscribe((change) => changes.push(change));
    store.dispatch({ type: 'events', events: [{ type: 'requestsArrived', agentId: 'b', itemIds: ['q1'] }] });
    expect(changes).toEqual(['urgent']);
    expect(store.getState().notices).toHaveLength(1);
  });
});
