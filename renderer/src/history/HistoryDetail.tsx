import { useEffect, useId, useRef, useState } from 'react';
import type { CommandResults } from '../../../shared/bridge';
import type { HistorySessionView } from '../../../shared/views/history';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { Modal } from '../shell/Modal';
import { Transcript } from '../session/Transcript';
import { dayLabel, sessionTitle, timeText } from './model/history-groups';
import './HistoryDetail.css';

interface HistoryDetailProps {
  session: HistorySessionView;
  /** Open sessions' names as their tabs show them (history-groups.ts `sessionTitle`). */
  sessionNames: ReadonlyMap<string, string>;
  /** Narrow windows: back to the list. */
  onBack: () => void;
  onShowSession: (agentId: string, sessionKey: string) => void;
  onDeleted: () => void;
}

type Opened = CommandResults['openHistory'];

/**
 * One past session, read-only: its transcript as it was, a clear "ended" state with why,
 * and what can be done with it: **Resume** where its agent can (or "Go to session" while it is open),
 * **Continue in a new session** (the old transcript shown above the new one), and **Delete…**, which asks first.
 * A session only the agent knows is opened with **Open**, which replays it from the agent.
 */
export function HistoryDetail({ session, sessionNames, onBack, onShowSession, onDeleted }: HistoryDetailProps) {
  const bridge = useBridge();
  const ids = useId();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const historyId = session.historyId;
  useEffect(() => {
    heading.current?.focus();
    if (!historyId) return;
    let current = true;
    bridge
      .invoke('openHistory', { historyId })
      .then((result) => current && setOpened(result))
      .catch((e: unknown) => current && setError(errorSentence(e)));
    return () => {
      current = false;
    };
  }, [bridge, historyId]);

  async function act(label: string, run: () => Promise<{ sessionKey: string }>): Promise<void> {
    if (busy) return;
    setBusy(label);
    setError(null);
    try {
      const { sessionKey } = await run();
      onShowSession(session.agentId, sessionKey);
    } catch (e) {
      setError(errorSentence(e));
    } finally {
      setBusy(null);
    }
  }

  async function remove(): Promise<void> {
    if (!historyId) return;
    setBusy('delete');
    try {
      const { agentNotice } = await bridge.invoke('deleteHistory', { historyId });
      setConfirmDelete(false);
      if (agentNotice) setError(agentNotice);
      onDeleted();
    } catch (e) {
      setError(errorSentence(e));
      setConfirmDelete(false);
    } finally {
      setBusy(null);
    }
  }

  const view = opened?.session ?? session;
  const live = view.liveSessionKey;
  const resume = opened?.resume;
  const agentOnly = session.source === 'agent';
  const title = sessionTitle(view, sessionNames);
  const when = view.lastActivity ? `${dayLabel(view.lastActivity)} ${timeText(view.lastActivity)}` : '';

  return (
    <article className="history-detail" aria-labelledby={`${ids}-title`}>
      <header className="history-detail-head">
        <button type="button" className="button history-back" onClick={onBack}>
          Back to history
        </button>
        <h3 className="history-detail-title plain-text" id={`${ids}-title`} ref={heading} tabIndex={-1} title={title}>
          {title}
        </h3>
        {/* The session's facts and its state share a line under the title. */}
        <div className="history-detail-facts">
          <p className="history-detail-meta">
            <span>{view.agentName}</span>
            {when && <span>{when}</span>}
            <span className="plain-text history-detail-cwd" title={view.cwd}>
              {view.cwd}
            </span>
          </p>
          <p className={`history-state${live ? ' is-live' : ''}`} role="status">
            {live
              ? 'Open now in a session tab.'
              : agentOnly
                ? `Known to ${view.agentName} only: started outside Switchboard. Open it to see its conversation.`
                : `Ended: ${view.endedReason ?? 'ended'}. Read-only.`}
          </p>
        </div>
        <div className="history-actions">
          {live ? (
            <button type="button" className="button button-primary" onClick={() => onShowSession(session.agentId, live)}>
              Go to session
            </button>
          ) : agentOnly ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy !== null}
              onClick={() => void act('open', () => bridge.invoke('openAgentSession', { agentId: session.agentId, sessionId: session.sessionId, cwd: session.cwd, ...(session.title ? { title: session.title } : {}) }))}
            >
              {busy === 'open' ? 'Opening…' : 'Open'}
            </button>
          ) : (
            historyId && (
              <>
                {resume && resume.how !== 'none' && (
                  <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void act('resume', () => bridge.invoke('resumeHistory', { historyId }))}>
                    {busy === 'resume' ? 'Resuming…' : 'Resume'}
                  </button>
                )}
                <button type="button" className="button" disabled={busy !== null} onClick={() => void act('continue', () => bridge.invoke('continueHistory', { historyId }))}>
                  {busy === 'continue' ? 'Starting…' : 'Continue in a new session'}
                </button>
              </>
            )
          )}
          {historyId && (
            <button type="button" className="button button-danger" disabled={busy !== null} onClick={() => setConfirmDelete(true)}>
              Delete…
            </button>
          )}
        </div>
        {resume?.how === 'none' && !live && <p className="muted plain-text history-hint">{resume.reason} You can continue in a new session.</p>}
        {resume?.how === 'load' && !live && <p className="muted history-hint">Resume asks {view.agentName} to replay the conversation.</p>}
        {view.truncated && <p className="muted history-hint">Parts of this transcript were not kept: it reached its size limit, or could not be saved in time.</p>}
        {error && (
          <p className="inline-error plain-text" role="alert">
            {error}
          </p>
        )}
      </header>
      {opened && (
        <div className="history-transcript" aria-label="Transcript (read-only)">
          {opened.omitted > 0 && <p className="muted history-hint">{opened.omitted} earlier entries are not shown.</p>}
          {opened.transcript.length ? <Transcript entries={opened.transcript} busy={false} /> : <p className="empty-note">Nothing was said in this session.</p>}
        </div>
      )}
      {confirmDelete && (
        <Modal label="Delete this session?" onClose={() => setConfirmDelete(false)} className="history-confirm">
          <h3 className="history-confirm-title">Delete this session?</h3>
          <p className="plain-text">
            “{sessionTitle(view, sessionNames)}” is removed from Switchboard’s history, and {view.agentName} is asked to delete its own copy where it
            can. This cannot be undone.
          </p>
          <div className="history-actions">
            <button type="button" className="button button-danger" disabled={busy === 'delete'} onClick={() => void remove()}>
              Delete
            </button>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </article>
  );
}
