import { describe, expect, it } from 'vitest';
import type { AgentView, BridgeEvent, FormItemView, SessionView, Snapshot, UrlItemView } from '../../shared/bridge';
import {
  MAX_NOTICES,
  createAppStore,
  initialState,
  pendingCounts,
  queueOfAgent,
  reduce,
  waitsForUser,
  type AppState,
} from '../../renderer/src/state/store';

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
    requestedSchema: { type: 'object', properties: {} },
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
});
