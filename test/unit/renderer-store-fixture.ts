// Shared by the renderer store tests: views and snapshots with plain defaults, and a state after some events.
import type { BridgeEvent, Snapshot } from '../../shared/bridge';
import type { AgentView } from '../../shared/views/agents';
import type { FormItemView, UrlItemView } from '../../shared/views/requests';
import type { SessionView } from '../../shared/views/sessions';
import { reduce, type AppState } from '../../renderer/src/state/model/store';

/** A ready agent view named `Agent <id>`; `overrides` replace fields whole. */
export function agent(agentId: string, overrides: Partial<AgentView> = {}): AgentView {
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

/** An idle session view of agent "a" in /work with an empty transcript. */
export function session(sessionKey: string, overrides: Partial<SessionView> = {}): SessionView {
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

/** A pending form item of agent "a"; `overrides` replace fields whole. */
export function item(itemId: string, overrides: Partial<FormItemView> = {}): FormItemView {
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

/** A pending URL item of agent "a" waiting for consent. */
export function urlItem(itemId: string, overrides: Partial<UrlItemView> = {}): UrlItemView {
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

/** A snapshot with nothing in it but `overrides`. */
export function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return { agents: [], sessions: [], queue: [], defaultCwd: '/home/me', urlMode: 'app-window', ...overrides };
}

/** The state after reducing `events` in order onto `state`. */
export function withEvents(state: AppState, ...events: BridgeEvent[]): AppState {
  return reduce(state, { type: 'events', events });
}
