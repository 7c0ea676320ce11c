import { useContext, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PromptAttachment } from '../../../shared/bridge';
import type { AgentCapabilitiesView } from '../../../shared/views/agents';
import type { QueueItemView } from '../../../shared/views/requests';
import type { SessionView as SessionModel } from '../../../shared/views/sessions';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { Composer } from './Composer';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { sessionWaitingText } from '../shell/model/format';
import { byArrival, waitsForUser } from '../state/model/store';
import { ForegroundBadge } from './ForegroundBadge';
import { NoticePlace } from '../shell/notice-place';
import { PlanStrip } from './PlanStrip';
import { SessionBar } from './SessionBar';
import { Transcript } from './Transcript';
import { ExplainDeclineContext, RecordActionsContext, type RecordActions } from './transcript/record-actions';
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
  /** A new session of this agent is being started (the composer waits for it; see Composer). */
  startingSession?: boolean;
  /** The agent's prompt capabilities: what the composer may attach. */
  promptCapabilities?: AgentCapabilitiesView['prompt'];
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
    focusAtEnd(composerRef.current);
    onComposerFocused?.();
  }, [focusComposer, onComposerFocused]);

  // "Tell the agent why…" on a declined request's record: the app's one handler, bound to this session.
  const explainDecline = useContext(ExplainDeclineContext);
  const { agentId, sessionKey } = session;
  // The transcript is drawn at a lower priority than the rest of the window: an urgent render (a new
  // request's card, a click) keeps the transcript it drew last and leaves the new text to a render React may
  // interrupt, so a card never waits behind the streamed text. Busy travels with the entries, so the log is
  // aria-busy until the render that draws the turn's last text.
  const drawn = useDeferredValue(useMemo(() => ({ entries: session.transcript, busy: session.promptInFlight }), [session.transcript, session.promptInFlight]));
  const recordActions = useMemo<RecordActions | null>(
    () => (explainDecline ? { explainDecline: (question) => explainDecline({ agentId, sessionKey, question }) } : null),
    [explainDecline, agentId, sessionKey],
  );

  const inFlight = session.promptInFlight || sending;
  // Oldest first: the banner leads to the request that has waited longest.
  const waiting = queue
    .filter((i) => waitsForUser(i) && i.scope.kind === 'session' && i.scope.sessionKey === session.sessionKey)
    .sort(byArrival);
  // A session whose agent connection ended (a restart) stays readable but takes no prompts.
  const live = agentReady && !session.ended;
  const canSend = live && !inFlight && !props.startingSession;

  async function sendPrompt(value: string, fromComposer: boolean, attachments: PromptAttachment[] = []): Promise<boolean> {
    if (!canSend || (value.trim() === '' && attachments.length === 0)) return false;
    setSending(true);
    setError(null);
    if (fromComposer) onText('');
    try {
      // Resolves when the turn ends; the session events show progress meanwhile.
      await bridge.invoke('prompt', { sessionKey: session.sessionKey, text: value, ...(attachments.length ? { attachments } : {}) });
      return true;
    } catch (e) {
      setError(`Could not send: ${errorSentence(e)}`);
      // Nothing the user typed is lost: the text comes back unless they already typed something new.
      if (fromComposer) onText((previous) => (previous === '' ? value : previous));
      return false;
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



  return (
    <section className="session" aria-labelledby={`${ids}-title`}>
      {/* One bar for the selected session: its name is the selected tab above, so here it is
          a heading for assistive tech only; then its state, a way to its waiting request, its folder and its
          settings, wrapping as the column narrows. */}
      <header className="session-header">
        <h3 id={`${ids}-title`} className="sr-only">
          {name}
        </h3>
        <ForegroundBadge foreground={session.foreground} />
        {waiting.length > 0 && (
          <button type="button" className="session-waiting" onClick={() => onRevealItem(waiting[0].itemId)}>
            <span className="sr-only">{sessionWaitingText(waiting.length)} </span>
            {waiting.length === 1 ? 'Show it' : `Show the first of ${waiting.length}`}
          </button>
        )}
        <span className="session-cwd" title={`Working folder: ${session.cwd}\nSession id: ${session.sessionId}`}>
          {session.cwd}
        </span>
        <SessionBar session={session} live={live} />
      </header>

      <PlanStrip entries={drawn.entries} turnGoesOn={drawn.busy} />
      <RecordActionsContext.Provider value={recordActions}>
        <Transcript entries={drawn.entries} busy={drawn.busy} />
      </RecordActionsContext.Provider>

      {/* The app's notices, when there are any: above the suggestions and the composer, covering neither. */}
      <NoticePlace />

      {/* Suggestions start a conversation: once the user has sent something they would only take the
          transcript's height (2–5 rows at 800 px); `/` in the composer still
          completes every command. */}
      {session.suggestions.length > 0 && !hasUserMessage(drawn.entries) && (
        <div className="suggestions">
          <span className="suggestions-label" id={`${ids}-suggestions`}>
            Try
          </span>
          {/* Focusable: in short windows it is one row that scrolls sideways, and its chips are disabled while the
              agent works, so the keyboard needs the list itself to scroll it (axe scrollable-region-focusable). */}
          <ul aria-labelledby={`${ids}-suggestions`} tabIndex={0}>
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

      <Composer
        sessionKey={session.sessionKey}
        text={text}
        onText={onText}
        commands={session.suggestions}
        capabilities={props.promptCapabilities}
        agentReady={live}
        sessionEnded={session.ended === true}
        startingSession={props.startingSession}
        canSend={canSend}
        inFlight={inFlight}
        waitingForUser={waiting.length > 0}
        onShowWaiting={waiting.length > 0 ? () => onRevealItem(waiting[0].itemId) : undefined}
        canStop={session.promptInFlight && !stopping}
        onSend={(value, attachments) => sendPrompt(value, true, attachments)}
        onStop={() => void stop()}
        composerRef={composerRef}
        error={error}
      />
    </section>
  );
}

/** True once the transcript holds a message the user sent (the session is no longer empty). */
function hasUserMessage(entries: TranscriptEntry[]): boolean {
  return entries.some((entry) => entry.role === 'user');
}

/** Focuses a text box with the caret after its text. */
export function focusAtEnd(box: HTMLTextAreaElement | null): void {
  if (!box) return;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
}
