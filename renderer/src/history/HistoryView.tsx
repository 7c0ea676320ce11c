import { useEffect, useId, useMemo, useState } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import type { HistorySessionView } from '../../../shared/views/history';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { HistoryDetail } from './HistoryDetail';
import { groupHistory, matchesQuery, rowKey, sessionTitle, timeText } from './model/history-groups';
import './HistoryView.css';

interface HistoryViewProps {
  agents: AgentView[];
  /** Goes up when main says the history changed: the list is read again. */
  historyVersion: number;
  /** Shows a live session (after Resume, Continue or Go to session). */
  onShowSession: (agentId: string, sessionKey: string) => void;
  /** Open sessions' names as their tabs show them, by `sessionKey` (shell/model/format.ts `sessionNames`). */
  sessionNames: ReadonlyMap<string, string>;
}

/** How long typing pauses before the search runs, in ms. */
const SEARCH_DELAY_MS = 200;

/** One agent's own `session/list` pages so far. */
interface AgentList {
  sessions: HistorySessionView[];
  nextCursor?: string;
  error?: string;
}

/**
 * Every past session: Switchboard's own history, grouped by agent and day and
 * searchable by title and transcript text, plus sessions an agent knows that Switchboard does not (started in
 * another client), labelled as such, with "More" for the agent's next page. Choosing one opens it read-only
 * beside the list (below it in a narrow window).
 */
export function HistoryView({ agents, historyVersion, onShowSession, sessionNames }: HistoryViewProps) {
  const bridge = useBridge();
  const ids = useId();
  const [query, setQuery] = useState('');
  const [sessions, setSessions] = useState<HistorySessionView[]>([]);
  const [nextCursor, setNextCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [agentLists, setAgentLists] = useState<Record<string, AgentList>>({});
  const [selected, setSelected] = useState<HistorySessionView | null>(null);

  // Switchboard's history: again on every search and every change main reports.
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () => {
        bridge
          .invoke('listHistory', query.trim() ? { query: query.trim() } : {})
          .then((page) => {
            if (!current) return;
            setSessions(page.sessions);
            setNextCursor(page.nextCursor);
            setError(null);
          })
          .catch((e: unknown) => current && setError(`Could not read the history: ${errorSentence(e)}`))
          .finally(() => current && setLoading(false));
      },
      query ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [bridge, query, historyVersion]);

  // Each ready agent's own list (first page), where it offers session/list.
  const readyAgents = agents.filter((a) => a.status.kind === 'ready').map((a) => a.agentId).join('\n');
  useEffect(() => {
    let current = true;
    for (const agentId of readyAgents ? readyAgents.split('\n') : []) {
      bridge
        .invoke('listAgentSessions', { agentId })
        .then((page) => current && page.supported && setAgentLists((all) => ({ ...all, [agentId]: { sessions: page.sessions, nextCursor: page.nextCursor } })))
        .catch((e: unknown) => current && setAgentLists((all) => ({ ...all, [agentId]: { sessions: [], error: errorSentence(e) } })));
    }
    return () => {
      current = false;
    };
  }, [bridge, readyAgents, historyVersion]);

  async function moreHistory(): Promise<void> {
    if (!nextCursor) return;
    try {
      const page = await bridge.invoke('listHistory', { cursor: nextCursor });
      setSessions((all) => [...all, ...page.sessions]);
      setNextCursor(page.nextCursor);
    } catch (e) {
      setError(`Could not read more of the history: ${errorSentence(e)}`);
    }
  }

  async function moreFromAgent(agentId: string): Promise<void> {
    const list = agentLists[agentId];
    if (!list?.nextCursor) return;
    try {
      const page = await bridge.invoke('listAgentSessions', { agentId, cursor: list.nextCursor });
      setAgentLists((all) => ({ ...all, [agentId]: { sessions: [...list.sessions, ...page.sessions], nextCursor: page.nextCursor } }));
    } catch (e) {
      setAgentLists((all) => ({ ...all, [agentId]: { ...list, error: errorSentence(e) } }));
    }
  }

  const agentOnly = useMemo(
    () => Object.values(agentLists).flatMap((list) => list.sessions.filter((s) => s.source === 'agent' && matchesQuery(s, query))),
    [agentLists, query],
  );
  const groups = useMemo(() => groupHistory([...sessions, ...agentOnly], agents.map((a) => a.agentId)), [sessions, agentOnly, agents]);
  const selectedKey = selected ? rowKey(selected) : null;
  // A deleted or vanished selection closes its detail.
  const stillThere = selected && [...sessions, ...agentOnly].some((s) => rowKey(s) === selectedKey);
  const total = sessions.length + agentOnly.length;

  return (
    <section className={`history-view${stillThere ? ' has-selection' : ''}`} aria-labelledby={`${ids}-title`}>
      <div className="history-list-column">
        <header className="history-head">
          <h2 className="history-title" id={`${ids}-title`}>
            History
          </h2>
          <label className="history-search">
            <span className="sr-only">Search sessions by title or text</span>
            <input
              type="search"
              value={query}
              placeholder="Search titles and text"
              onChange={(e) => setQuery(e.target.value)}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
        </header>
        <div className="history-scroll">
          {error && (
            <p className="inline-error" role="alert">
              {error}
            </p>
          )}
          <p className="sr-only" role="status">
            {loading ? '' : `${total} session${total === 1 ? '' : 's'}${query ? ' found' : ''}`}
          </p>
          {!loading && groups.length === 0 && (
            <p className="empty-note">{query ? 'No session matches your search.' : 'No sessions yet. Sessions you start are kept here.'}</p>
          )}
          {groups.map((group) => (
            <section key={group.agentId} className="history-agent" aria-label={group.agentName}>
              <h3 className="history-agent-name">{group.agentName}</h3>
              {group.days.map((day) => (
                <div key={day.label} className="history-day">
                  <h4 className="history-day-label">{day.label}</h4>
                  <ul className="history-rows">
                    {day.sessions.map((session) => {
                      const key = rowKey(session);
                      const isSelected = key === selectedKey;
                      return (
                        <li key={key}>
                          <button
                            type="button"
                            className={`history-row${isSelected ? ' is-selected' : ''}`}
                            aria-current={isSelected ? 'true' : undefined}
                            onClick={() => setSelected(session)}
                          >
                            <span className="history-row-title plain-text">{sessionTitle(session, sessionNames)}</span>
                            <span className="history-row-meta">
                              {timeText(session.lastActivity) && <span>{timeText(session.lastActivity)}</span>}
                              <span className="plain-text history-row-cwd">{session.cwd}</span>
                            </span>
                            <span className="history-row-tags">
                              {session.liveSessionKey ? (
                                <span className="history-tag tag-live">Open now</span>
                              ) : session.source === 'agent' ? (
                                <span className="history-tag tag-agent">Known to {session.agentName} only</span>
                              ) : (
                                <span className="history-tag">Ended</span>
                              )}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
              {agentLists[group.agentId]?.nextCursor && !query && (
                <button type="button" className="button history-more" onClick={() => void moreFromAgent(group.agentId)}>
                  More sessions from {group.agentName}
                </button>
              )}
              {agentLists[group.agentId]?.error && (
                <p className="muted plain-text">
                  {group.agentName} could not list its own sessions: {agentLists[group.agentId].error}
                </p>
              )}
            </section>
          ))}
          {nextCursor && !query && (
            <button type="button" className="button history-more" onClick={() => void moreHistory()}>
              Show older sessions
            </button>
          )}
        </div>
      </div>
      {stillThere && selected ? (
        <HistoryDetail
          key={selectedKey}
          session={selected}
          sessionNames={sessionNames}
          onBack={() => setSelected(null)}
          onShowSession={onShowSession}
          onDeleted={() => setSelected(null)}
        />
      ) : (
        // Beside the list in a wide window, where the chosen session will open: says so rather than leaving the
        // middle of the window blank (1440 px). A narrow window shows the list alone.
        <div className="empty-session history-detail-empty">
          <p>{total === 0 ? 'Sessions you start are kept here to read again.' : 'Choose a session to read it here.'}</p>
          <p className="muted">
            {total === 0
              ? 'Each one keeps its transcript and what you answered, even after its agent stops.'
              : `${total} ${total === 1 ? 'session' : 'sessions'}${query ? ' found' : ''}. Resume or continue one from its page.`}
          </p>
        </div>
      )}
    </section>
  );
}
