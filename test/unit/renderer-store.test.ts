import { describe, expect, it } from 'vitest';
import type { BridgeEvent, Snapshot } from '../../shared/bridge';
import type { AgentView } from '../../shared/views/agents';
import type { FormItemView, UrlItemView } from '../../shared/views/requests';
import type { SessionView } from '../../shared/views/sessions';
import {
  MAX_NOTICES,
  createAppStore,
  initialState,
  isUnread,
  pendingCounts,
  queueOfAgent,
  reduce,
  splitByLive,
  stepWaiting,
  unreadCounts,
  waitingItems,
  waitsForUser,
  type AppState,
} from '../../renderer/src/state/model/store';
import { explainDeclineText } from '../../renderer/src/session/transcript/model/decline-text';

function agent(agentId: string, overrides: Partial<AgentView> = {}): AgentView {
  return {
    agentId,
    name: `Agent ${agentId}`,
    settings: { command: 'agent', args: [], env: {} },
    enabled: true,
    muted: false,
    status: { kind: 'ready' },
    advertisedModes: ['form'],
    authMethods: [],
    ...overrides,
  };
}

function session(sessionKey: string, overrides: Partial<SessionView> = {}): SessionView {
  return {
    sessionKey,
    agentId: 'a',
    sessionId: `sid-${sessionKey}`,
    cwd: '/work',
    promptInFlight: false,
    transcript: [],
    suggestions: [],
    foreground: { state: 'idle', derived: true },
    ...overrides,
  };
}

function item(itemId: string, overrides: Partial<FormItemView> = {}): FormItemView {
  return {
    itemId,
    agentId: 'a',
    agentName: 'Agent a',
    scope: { kind: 'request' },
    mode: 'form',
    message: 'Question?',
    form: { fields: [] },
    state: 'pending',
    arrivedAt: 1000,
    ...overrides,
  };
}

function urlItem(itemId: string, overrides: Partial<UrlItemView> = {}): UrlItemView {
  return {
    itemId,
    agentId: 'a',
    agentName: 'Agent a',
    scope: { kind: 'request', label: 'while signing in' },
    mode: 'url',
    message: 'Sign in to continue.',
    url: 'https://accounts.example.com/authorize?state=xyz',
    state: 'pending',
    arrivedAt: 1000,
    ...overrides,
  };
}

function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return { agents: [], sessions: [], queue: [], defaultCwd: '/home/me', urlMode: 'app-window', ...overrides };
}

function withEvents(state: AppState, ...events: BridgeEvent[]): AppState {
  return reduce(state, { type: 'events', events });
}

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
