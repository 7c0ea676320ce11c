import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import type { SessionView as SessionModel } from '../../../shared/views/sessions';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { srOnlyWhen, useCompactSession, useTightSession } from '../shell/media-query';
import { agentInfoText, agentStatusDetail, agentStatusText, sessionLabel } from '../shell/model/format';
import { foregroundText } from '../session/model/foreground-text';
import { ForegroundDot } from '../session/ForegroundBadge';
import { SessionView } from '../session/SessionView';
import { WorkingFolder } from '../session/WorkingFolder';
import { SignInControl } from './SignInControl';
import { AgentFailure, hasFailureHelp } from './AgentFailure';
import { useSavedSessions } from './saved-sessions';
import type { AgentDialog } from './AgentDialogs';
import { useAgentSlice } from './use-agent-slice';
import type { ComposerDrafts } from '../session/model/composer-drafts';
import './AgentPane.css';

interface AgentPaneProps {
  agent: AgentView;
  /** The composers' unsent texts and the one to focus next, kept by the app across sessions and agents. */
  composer: ComposerDrafts;
  /** Opens an agent dialog (a failed start offers Edit and its log). */
  onDialog: (dialog: AgentDialog) => void;
}

/**
 * The selected agent: who it is (spec E-REQ-7), its status with a restart when it stopped, sign-in when it
 * offers `authMethods`, its sessions, a "New session" form with a working folder, and the selected session.
 */
export function AgentPane({ agent, composer, onDialog }: AgentPaneProps) {
  const slice = useAgentSlice(agent.agentId);
  const { sessions, queue, defaultCwd, selectedSessionKey, selectSession: onSelectSession, sessionNames } = slice;
  const bridge = useBridge();
  const ids = useId();
  // The agent's configured folder, else the last one used with it, else home.
  const [cwd, setCwd] = useState(() => agent.settings.cwd ?? agent.recentFolders?.[0] ?? defaultCwd);
  const [folderRefusal, setFolderRefusal] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The agent turned down New session until the user signs in: its sentence, shown beside New session. */
  const [signInNeeded, setSignInNeeded] = useState<string | null>(null);
  const [signingInSeen, setSigningInSeen] = useState(agent.signingIn);
  const saved = useSavedSessions(agent.agentId, sessions.length);
  // After a restart the pane has no tabs though History holds the agent's sessions: say so and point there.
  const inHistory = saved !== null && (saved.count > 0 || saved.more);
  const savedText = saved && saved.count > 0 ? ` (${saved.count}${saved.more ? ' or more' : ''} saved)` : '';
  /** A session the user just created: its composer takes focus once it shows. */
  const [focusSession, setFocusSession] = useState<string | null>(null);

  // A compact session beside tabs: the folder box's label reads "Folder"; a tight one: that label and New session's
  // second word give way (their accessible names stay "Working folder" and "New session").
  const compact = useCompactSession();
  const tight = useTightSession();
  const besideTabs = sessions.length > 0;
  const ready = agent.status.kind === 'ready';
  const starting = agent.status.kind === 'starting';
  const stopped = agent.status.kind === 'exited' || agent.status.kind === 'failed' || agent.status.kind === 'crashed';
  const selected =
    sessions.find((s) => s.sessionKey === selectedSessionKey) ?? (sessions.length > 0 ? sessions[sessions.length - 1] : null);

  // The session pills are one row that scrolls sideways: keep the selected one in view (without scrolling the page).
  const tabsRef = useRef<HTMLUListElement>(null);
  const selectedKey = selected?.sessionKey ?? null;
  useEffect(() => {
    const list = tabsRef.current;
    if (!list) return;
    const show = () => {
      const tab = list.querySelector<HTMLElement>('.session-tab.is-selected');
      if (!tab) return;
      const left = tab.offsetLeft; // the list is positioned, so this is within it
      if (left < list.scrollLeft) list.scrollLeft = left - 8;
      else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
        list.scrollLeft = left + tab.offsetWidth - list.clientWidth + 8;
      }
    };
    show();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(show);
    observer.observe(list);
    return () => observer.disconnect();
  }, [selectedKey, sessions.length]);

  // Once a sign-in starts, the "sign in first" hint has done its job (the sign-in control reports how it ends).
  if (agent.signingIn !== signingInSeen) {
    setSigningInSeen(agent.signingIn);
    if (agent.signingIn) setSignInNeeded(null);
  }

  async function createSession(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (creating || !ready) return;
    setCreating(true);
    setError(null);
    setSignInNeeded(null);
    setFolderRefusal(null);
    try {
      const folder = cwd.trim();
      const { sessionKey } = await bridge.invoke('newSession', folder ? { agentId: agent.agentId, cwd: folder } : { agentId: agent.agentId });
      onSelectSession(sessionKey);
      setFocusSession(sessionKey);
    } catch (e) {
      const sentence = errorSentence(e);
      if (asksToSignIn(sentence) && agent.authMethods.length > 0) setSignInNeeded(sentence);
      else if (sentence.startsWith('The working folder cannot be used: ')) setFolderRefusal(sentence.slice('The working folder cannot be used: '.length));
      else setError(`Could not start a session: ${sentence}`);
    } finally {
      setCreating(false);
    }
  }

  /** Closes a session's tab: main sends `session/close` where the agent offers it; History keeps the session. */
  async function closeSession(sessionKey: string): Promise<void> {
    setError(null);
    try {
      await bridge.invoke('closeSession', { sessionKey });
    } catch (e) {
      setError(`Could not close the session: ${errorSentence(e)}`);
    }
  }

  async function restart(): Promise<void> {
    if (restarting) return;
    setRestarting(true);
    setError(null);
    try {
      await bridge.invoke('restartAgent', { agentId: agent.agentId });
    } catch (e) {
      setError(`Could not restart the agent: ${errorSentence(e)}`);
    } finally {
      setRestarting(false);
    }
  }

  const info = agentInfoText(agent.agentInfo);
  // An exit or a failure is told in the core's own sentence; the short label is for when there is none.
  const detail = agentStatusDetail(agent.status);
  const nameOf = (session: SessionModel) => sessionNames.get(session.sessionKey) ?? sessionLabel(session);
  return (
    <div className="agent-pane">
      <header className="agent-header">
        <div className="agent-header-text">
          <h2 className="agent-title">{agent.name}</h2>
          {/* "Ready" is the sidebar's to say (and the session bar's state is the one that matters then); here only
              a state that stops the user: starting, off, stopped. */}
          {(info || (!detail && !ready)) && (
            <p className="agent-meta">
              {/* The agent's own words about itself (spec E-REQ-7), said as such: it may name itself anything. */}
              {info && agent.agentInfo && (
                <span title="What the agent reported about itself when it started">
                  Calls itself {agent.agentInfo.name}
                  {agent.agentInfo.version ? `, version ${agent.agentInfo.version}` : ''}
                </span>
              )}
              {!detail && !ready && (
                <span className={`agent-state status-text-${agent.status.kind}`}>{agentStatusText(agent.status)}</span>
              )}
            </p>
          )}
          {detail && (
            <p className={`agent-status-message status-text-${agent.status.kind} plain-text`}>{detail}</p>
          )}
          {hasFailureHelp(agent.status) && <AgentFailure agent={agent} status={agent.status} onDialog={onDialog} />}
        </div>
        {ready && agent.authMethods.length > 0 && (
          <div className={`sign-in-slot${signInNeeded && !agent.signingIn ? ' needs-sign-in' : ''}`}>
            <SignInControl agent={agent} />
          </div>
        )}
        {stopped && (
          <button type="button" className="button" onClick={() => void restart()} disabled={restarting}>
            Restart agent
          </button>
        )}
      </header>

      <div className="session-switcher">
        {sessions.length > 0 && (
          <nav className="session-tabs" aria-label="Sessions">
            <ul ref={tabsRef}>
              {sessions.map((session) => {
                const isSelected = selected?.sessionKey === session.sessionKey;
                const state = foregroundText(session.foreground);
                return (
                  <li key={session.sessionKey}>
                    <button
                      type="button"
                      className={`session-tab${isSelected ? ' is-selected' : ''}`}
                      aria-current={isSelected ? 'page' : undefined}
                      onClick={() => onSelectSession(session.sessionKey)}
                      title={`${state.label}${state.derived ? ' (derived)' : ''}\nSession id: ${session.sessionId}\nFolder: ${session.cwd}`}
                    >
                      <ForegroundDot foreground={session.foreground} />
                      <span className="session-tab-name">{nameOf(session)}</span>
                      <span className="sr-only">, {state.label}</span>
                    </button>
                    <button
                      type="button"
                      className="session-tab-close"
                      aria-label={`Close ${nameOf(session)}`}
                      title="Close this session (it stays in History)"
                      onClick={() => void closeSession(session.sessionKey)}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        <form className="new-session" onSubmit={(e) => void createSession(e)}>
          <label htmlFor={`${ids}-cwd`} className={srOnlyWhen(tight && besideTabs, 'new-session-label')}>
            {compact && !tight && besideTabs ? (
              <>
                <span aria-hidden="true">Folder</span>
                <span className="sr-only">Working folder</span>
              </>
            ) : (
              'Working folder'
            )}
          </label>
          <WorkingFolder
            inputId={`${ids}-cwd`}
            value={cwd}
            onChange={(path) => {
              setCwd(path);
              setFolderRefusal(null);
            }}
            recent={agent.recentFolders ?? []}
            canPick={slice.canPickFolder}
            refusal={folderRefusal}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={!ready || creating}
            aria-describedby={signInNeeded ? `${ids}-sign-in-needed` : undefined}
          >
            {/* One flex item, so the space before "session" is kept. */}
            <span>
              New<span className={srOnlyWhen(tight && besideTabs, 'new-session-word')}> session</span>
            </span>
          </button>
          {signInNeeded && (
            <p id={`${ids}-sign-in-needed`} className="new-session-sign-in warn-box plain-text" role="alert">
              {signInNeeded}
            </p>
          )}
        </form>
      </div>
      {starting && selected && <p className="muted pane-note">The agent is starting; sessions open once it is ready.</p>}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}

      {selected ? (
        <SessionView
          key={selected.sessionKey}
          session={selected}
          name={nameOf(selected)}
          onRevealItem={slice.revealItem}
          queue={queue}
          text={composer.text(selected.sessionKey)}
          onText={(text) => composer.setText(selected.sessionKey, text)}
          agentReady={ready}
          startingSession={creating}
          promptCapabilities={agent.capabilities?.prompt}
          focusComposer={focusSession === selected.sessionKey || composer.composeFor === selected.sessionKey}
          onComposerFocused={() => {
            setFocusSession(null);
            composer.composed();
          }}
        />
      ) : (
        <div className="empty-session">
          <p>{inHistory ? `No open session with ${agent.name}.` : `No session with ${agent.name} yet.`}</p>
          <p className="muted">
            {ready
              ? inHistory
                ? `Choose a working folder and press New session, or reopen one from History${savedText}.`
                : 'Choose a working folder and press New session.'
              : stopped
                ? 'fix' in agent.status && agent.status.fix
                  ? 'The agent is not running. Fix its settings (Edit, above), then restart it; once it is ready you can start a session.'
                  : 'The agent is not running. Press Restart agent; once it is ready you can start a session.'
                : starting
                  ? 'The agent is starting; you can start a session once it is ready.'
                  : 'The agent is turned off; turn it on to start a session.'}
          </p>
          {inHistory && (
            <p>
              <button type="button" className="button" onClick={slice.showHistory}>
                Open History
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Whether main turned down New session because the agent wants the user to sign in first. */
function asksToSignIn(sentence: string): boolean {
  return sentence.includes('asks you to sign in first');
}
