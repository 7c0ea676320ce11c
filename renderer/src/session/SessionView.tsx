import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { QueueItemView, SessionView as SessionModel } from '../../../shared/bridge';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { sessionWaitingText } from '../shell/format';
import { byArrival, waitsForUser } from '../state/store';
import { ForegroundBadge } from './ForegroundBadge';
import { PlanStrip } from './PlanStrip';
import { Transcript } from './Transcript';
import './SessionView.css';

interface SessionViewProps {
  session: SessionModel;
  /** The session's display name ("Session 2", or the agent's title for it). */
  name: string;
  /** Shows a queue item's card (the banner's "Show" goes to this session's first waiting request). */
  onRevealItem: (itemId: string) => void;
  queue: QueueItemView[];
  /** The composer text, kept by the app per session so switching sessions loses nothing. */
  text: string;
  onText: (text: string | ((previous: string) => string)) => void;
  agentReady: boolean;
  /** True right after the user created this session: the composer takes focus once. */
  focusComposer?: boolean;
  onComposerFocused?: () => void;
}

/**
 * One session: its foreground state as the agent reports it or Switchboard derives it (spec E-STATE-1), the
 * transcript, suggestion chips, and the composer with Send prompt and Stop. Stop cancels the prompt turn: main
 * answers the session's permission requests "cancelled" (the ACP rule for permissions) and leaves its
 * elicitations open (spec E-CXL-3).
 */
export function SessionView(props: SessionViewProps) {
  const { session, name, queue, text, onText, agentReady, focusComposer, onComposerFocused, onRevealItem } = props;
  const bridge = useBridge();
  const ids = useId();
  const [sending, setSending] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!focusComposer) return;
    composerRef.current?.focus();
    onComposerFocused?.();
  }, [focusComposer, onComposerFocused]);

  const inFlight = session.promptInFlight || sending;
  // Oldest first: the banner leads to the request that has waited longest.
  const waiting = queue
    .filter((i) => waitsForUser(i) && i.scope.kind === 'session' && i.scope.sessionKey === session.sessionKey)
    .sort(byArrival);
  const canSend = agentReady && !inFlight;

  async function sendPrompt(value: string, fromComposer: boolean): Promise<void> {
    if (!canSend || value.trim() === '') return;
    setSending(true);
    setError(null);
    if (fromComposer) onText('');
    try {
      // Resolves when the turn ends; the session events show progress meanwhile.
      await bridge.invoke('prompt', { sessionKey: session.sessionKey, text: value });
    } catch (e) {
      setError(`Could not send: ${errorSentence(e)}`);
      if (fromComposer) onText((previous) => (previous === '' ? value : previous));
    } finally {
      setSending(false);
    }
  }

  async function stop(): Promise<void> {
    if (stopping) return;
    setStopping(true);
    setError(null);
    try {
      await bridge.invoke('cancelPrompt', { sessionKey: session.sessionKey });
    } catch (e) {
      setError(`Could not stop: ${errorSentence(e)}`);
    } finally {
      setStopping(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void sendPrompt(text, true);
  }


  return (
    <section className="session" aria-labelledby={`${ids}-title`}>
      <header className="session-header">
        <h3 id={`${ids}-title`} className="session-title" title={`Session id: ${session.sessionId}`}>
          {name}
        </h3>
        <ForegroundBadge foreground={session.foreground} />
        <span className="session-cwd" title={session.cwd}>
          {session.cwd}
        </span>
      </header>
      {waiting.length > 0 && (
        <button type="button" className="session-waiting" onClick={() => onRevealItem(waiting[0].itemId)}>
          <span className="session-waiting-dot" aria-hidden="true" />
          <span>{sessionWaitingText(waiting.length)}</span>
          <span className="session-waiting-action">{waiting.length === 1 ? 'Show it' : 'Show the first'}</span>
        </button>
      )}

      <PlanStrip entries={session.transcript} />
      <Transcript entries={session.transcript} busy={session.promptInFlight} />

      {session.suggestions.length > 0 && (
        <div className="suggestions">
          <span className="suggestions-label" id={`${ids}-suggestions`}>
            Try
          </span>
          <ul aria-labelledby={`${ids}-suggestions`}>
            {session.suggestions.map((suggestion, index) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="chip"
                  disabled={!canSend}
                  aria-describedby={suggestion.description ? `${ids}-sugg-${index}` : undefined}
                  title={suggestion.description || undefined}
                  onClick={() => void sendPrompt(`/${suggestion.name}`, false)}
                >
                  /{suggestion.name}
                </button>
                {suggestion.description && (
                  <span id={`${ids}-sugg-${index}`} hidden>
                    {suggestion.description}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="composer">
        <textarea
          ref={composerRef}
          className="composer-input"
          aria-label="Message"
          aria-describedby={`${ids}-composer-hint`}
          rows={3}
          value={text}
          placeholder={agentReady ? 'Message the agent…' : 'The agent is not ready.'}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="composer-actions">
          <p id={`${ids}-composer-hint`} className="composer-hint">
            Enter sends, Shift+Enter adds a line.
          </p>
          {/* The header says how the turn ended (and announces it); here only that one is going on. */}
          <p className="composer-status">{inFlight ? 'Working…' : ''}</p>
          <button
            type="button"
            className="button"
            disabled={!session.promptInFlight || stopping}
            onClick={() => void stop()}
          >
            Stop
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!canSend || text.trim() === ''}
            onClick={() => {
              // The button disables itself once the text is sent; keep the keyboard user in the composer.
              composerRef.current?.focus();
              void sendPrompt(text, true);
            }}
          >
            Send prompt
          </button>
        </div>
        {error && (
          <p className="inline-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
