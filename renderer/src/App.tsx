import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { AgentPane } from './components/AgentPane';
import { AgentSidebar } from './components/AgentSidebar';
import { Notices } from './components/Notices';
import { QueuePanel } from './components/QueuePanel';
import { sessionNames } from './format';
import { pendingCounts, queueOfAgent, sessionsOfAgent, type AppStore } from './state/store';

/**
 * The whole window: agents sidebar, the selected agent's sessions, its request queue, and the notices.
 * Renders from the store only; every action goes through the bridge (architecture rules 2, 3, 7).
 */
export function App({ store }: { store: AppStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [chosenAgentId, setChosenAgentId] = useState<string | null>(null);
  const [chosenSessions, setChosenSessions] = useState<Record<string, string>>({});
  const [composerTexts, setComposerTexts] = useState<Record<string, string>>({});
  /** Narrow windows: whether the Requests panel above the session is folded away. */
  const [queueCollapsed, setQueueCollapsed] = useState(false);
  const [reveal, setReveal] = useState<{ itemId: string; seq: number } | null>(null);

  const agent = state.agents.find((a) => a.agentId === chosenAgentId) ?? state.agents[0] ?? null;
  const counts = useMemo(() => pendingCounts(state.queue), [state.queue]);
  const items = useMemo(() => (agent ? queueOfAgent(state.queue, agent.agentId) : []), [state.queue, agent]);
  const others = state.agents
    .filter((a) => a.agentId !== agent?.agentId && (counts.get(a.agentId) ?? 0) > 0)
    .map((a) => ({ agent: a, count: counts.get(a.agentId) ?? 0 }));

  const names = useMemo(() => sessionNames(state.sessions), [state.sessions]);
  const revealItem = useCallback((itemId: string) => {
    setQueueCollapsed(false);
    setReveal((previous) => ({ itemId, seq: (previous?.seq ?? 0) + 1 }));
  }, []);

  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  useEffect(() => {
    document.title = total > 0 ? `(${total}) Switchboard` : 'Switchboard';
  }, [total]);

  const setComposerText = useCallback((sessionKey: string, text: string | ((previous: string) => string)) => {
    setComposerTexts((all) => {
      const previous = all[sessionKey] ?? '';
      const next = typeof text === 'function' ? text(previous) : text;
      return next === previous ? all : { ...all, [sessionKey]: next };
    });
  }, []);

  return (
    <div className="app">
      <AgentSidebar
        agents={state.agents}
        selectedAgentId={agent?.agentId ?? null}
        counts={counts}
        onSelect={setChosenAgentId}
      />
      <main className="workspace">
        {!state.loaded ? (
          <p className="empty-note">Connecting to Switchboard…</p>
        ) : agent ? (
          <AgentPane
            key={agent.agentId}
            agent={agent}
            sessions={sessionsOfAgent(state.sessions, agent.agentId)}
            queue={state.queue}
            defaultCwd={state.defaultCwd}
            selectedSessionKey={chosenSessions[agent.agentId] ?? null}
            onSelectSession={(sessionKey) => setChosenSessions((all) => ({ ...all, [agent.agentId]: sessionKey }))}
            composerText={(sessionKey) => composerTexts[sessionKey] ?? ''}
            onComposerText={setComposerText}
            sessionNames={names}
            onRevealItem={revealItem}
          />
        ) : (
          <div className="empty-session">
            <p>No agents are configured.</p>
            <p className="muted">Add agents to the agents config file, then restart Switchboard.</p>
          </div>
        )}
      </main>
      <QueuePanel
        agent={agent}
        items={items}
        others={others}
        onSelectAgent={setChosenAgentId}
        urlMode={state.urlMode}
        sessionNames={names}
        reveal={reveal}
        collapsed={queueCollapsed}
        onToggleCollapsed={() => setQueueCollapsed((c) => !c)}
      />
      <Notices
        notices={state.notices}
        agents={state.agents}
        connection={state.connection}
        loaded={state.loaded}
        onDismiss={(noticeId) => store.dispatch({ type: 'dismissNotice', noticeId })}
      />
    </div>
  );
}
