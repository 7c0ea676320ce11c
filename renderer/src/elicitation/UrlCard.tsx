import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { UrlItemView, UrlOpenMode } from '../../../shared/views/requests';
import type { UrlDescription } from '../../../shared/url-description';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { CardMessage } from './CardMessage';
import { CopyAddress } from './CopyAddress';
import { OpenChoice } from './OpenChoice';
import { CompactHost, UrlFacts } from './UrlFacts';
import { UrlFindings } from './UrlFindings';
import { UrlText } from './UrlText';
import { CardShell, CardStateNote } from './CardShell';
import { CardEndActions, DeclineAndCancel } from './DeclineAndCancel';
import './UrlCard.css';

interface UrlCardProps {
  item: UrlItemView;
  /** Whether "Your browser" starts chosen over "A Switchboard window" (the user's setting is the system browser). */
  preferSystemBrowser: boolean;
  /**
   * This copy records consented pages instead of opening them (the harness: Snapshot.urlPagesRecordedOnly), so the
   * card says nothing opened and how to carry on, never that a window or the browser has the page.
   */
  pagesRecordedOnly?: boolean;
  /**
   * Called once an answer or a dismissal was accepted by main and the card is about to go away; `hadFocus`
   * says whether keyboard focus was inside this card, so the queue can move it somewhere sensible.
   */
  onSettled: (itemId: string, hadFocus: boolean) => void;
  /** Called after main accepted the user's Decline, so the queue can offer "Decline and explain" (scope 7). */
  onDeclined?: (item: UrlItemView) => void;
  /** The session's display name, as the session tabs show it (session-scoped items only). */
  sessionName?: string;
}

type Action = 'accept' | 'decline' | 'cancel' | 'reopen' | 'dismiss';

/** An address main did not analyse (too long to take): nothing to show about it, and it cannot be opened. */
const NOT_ANALYSED: UrlDescription = { openable: false, findings: [], cautions: [] };

const DONE_TEXT: Partial<Record<Action, string>> = {
  accept: 'Opening…',
  decline: 'Declined.',
  cancel: 'Cancelled.',
  dismiss: 'Dismissed.',
};

/**
 * One URL-mode elicitation as a card (spec E-URL-3..8, E-REQ-6/7, E-RES-1, E-CXL-1/4).
 *
 * Pending, it is the consent view: the message as plain text, the host with its registrable domain emphasized
 * (both the Unicode and the `xn--` form when they differ), the full URL as selectable text that is never a
 * link, the analysis' warnings, and Open / Decline / Cancel plus a per-request choice of where the page opens.
 * Nothing is fetched or opened before Open (E-URL-2). After consent it offers Reopen and Cancel until the
 * agent reports completion; refused, completed, withdrawn and disconnected items only explain and offer
 * Dismiss. Never takes focus on arrival. It draws main's analysis of the address (`item.analysis`, architecture
 * rule 10) and never analyses it again.
 */
export function UrlCard({ item, preferSystemBrowser, pagesRecordedOnly = false, onSettled, onDeclined, sessionName }: UrlCardProps) {
  const bridge = useBridge();
  const ids = useId();
  const articleRef = useRef<HTMLElement>(null);
  const analysis = item.analysis ?? NOT_ANALYSED;
  const [inSystemBrowser, setInSystemBrowser] = useState(preferSystemBrowser);
  const [busy, setBusy] = useState<Action | null>(null);
  /** The answer main accepted, and the item state it was given in: the controls stay locked until that changes. */
  const [done, setDone] = useState<{ action: Action; state: UrlItemView['state'] } | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  /** A lookalike host: Open was pressed once and now asks to be confirmed. */
  const [confirming, setConfirming] = useState(false);
  const risky = analysis.lookalike !== undefined;
  const goBackRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) goBackRef.current?.focus();
  }, [confirming]);

  // When the state changes under a focused control (Open pressed, the window closed, the agent completed or
  // withdrew it), that control goes away; keep focus on the card rather than letting it fall to <body>.
  const focusInside = useRef(false);
  const view = `${item.state}:${item.windowOpen === true}`;
  useEffect(() => {
    const article = articleRef.current;
    if (!article || !focusInside.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) article.focus();
  }, [view]);

  const answered = done !== null && done.state === item.state ? done.action : null;
  const locked = busy !== null || answered !== null;

  async function run(action: Action): Promise<void> {
    if (locked) return;
    setConfirming(false);
    const hadFocus = articleRef.current?.contains(document.activeElement) ?? false;
    setBusy(action);
    setCardError(null);
    try {
      if (action === 'accept') {
        const openIn: UrlOpenMode = inSystemBrowser ? 'system-browser' : 'app-window';
        await bridge.invoke('answerElicitation', { itemId: item.itemId, agentId: item.agentId, action, openIn });
      } else if (action === 'decline' || action === 'cancel') {
        await bridge.invoke('answerElicitation', { itemId: item.itemId, agentId: item.agentId, action });
      } else if (action === 'reopen') {
        await bridge.invoke('reopenUrl', { itemId: item.itemId, agentId: item.agentId });
      } else {
        // Also the user's Cancel after consent: main closes the page's window and removes the item.
        await bridge.invoke('dismissItem', { itemId: item.itemId });
      }
      if (action === 'reopen') return;
      setDone({ action, state: item.state });
      // An accepted Open keeps the card (main's item event redraws it as consented); the others remove it.
      if (action !== 'accept') onSettled(item.itemId, hadFocus);
      if (action === 'decline') onDeclined?.(item);
    } catch (error) {
      setCardError(errorSentence(error));
    } finally {
      setBusy(null);
    }
  }

  const dismissButton = (
    <CardEndActions>
      <button type="button" className="button" disabled={locked} onClick={() => void run('dismiss')}>
        Dismiss
      </button>
    </CardEndActions>
  );

  let body: ReactNode;
  let actions: ReactNode;
  switch (item.state) {
    case 'pending': {
      const blocked = analysis.findings.filter((f) => f.severity === 'blocked');
      body = (
        <>
          <UrlFacts url={item.url} analysis={analysis} idBase={ids} />
          <UrlFindings findings={analysis.findings} />
          {blocked.length > 0 && (
            <p className="card-error" role="alert">
              Switchboard will not open this address. You can Decline or Cancel.
            </p>
          )}
          <OpenChoice idBase={ids} inSystemBrowser={inSystemBrowser} disabled={locked} onChange={setInSystemBrowser} />
        </>
      );
      const host = analysis.host;
      const declineAndCancel = (
        <DeclineAndCancel
          agentName={item.agentName}
          disabled={locked}
          declinePrimary={risky}
          onDecline={() => void run('decline')}
          onCancel={() => void run('cancel')}
        />
      );
      // Asking again keeps Decline and Cancel where they were: saying no stays one click away.
      actions = confirming ? (
        <>
          <div className="url-confirm" role="group" aria-labelledby={`${ids}-confirm`}>
            <p id={`${ids}-confirm`} className="url-confirm-question">
              Open <strong translate="no">{host?.ascii.domain ?? 'this address'}</strong> anyway? {analysis.lookalike};{' '}
              {item.agentName} may be trying to trick you.
            </p>
            <button type="button" className="button button-danger" disabled={locked} onClick={() => void run('accept')}>
              Open anyway
            </button>
            <button ref={goBackRef} type="button" className="button" disabled={locked} onClick={() => setConfirming(false)}>
              Go back
            </button>
          </div>
          {declineAndCancel}
        </>
      ) : (
        <>
          <button
            type="button"
            className={`button${risky ? '' : ' button-primary'}`}
            disabled={locked || !analysis.openable}
            aria-describedby={`${ids}-host`}
            onClick={() => (risky ? setConfirming(true) : void run('accept'))}
          >
            {risky ? 'Open…' : 'Open'}
          </button>
          {declineAndCancel}
        </>
      );
      break;
    }
    case 'consented': {
      const inBrowser = item.openedIn === 'system-browser';
      const closed = !inBrowser && item.windowOpen === false;
      body = pagesRecordedOnly ? (
        // The harness opened nothing (the card said a window had opened).
        <>
          <p className="card-state-note url-progress" role="status">
            Nothing opened: this copy of Switchboard cannot open pages
          </p>
          <p className="muted">
            It runs without its windows (the test harness), so it recorded the address instead. {item.agentName} was
            told you agreed; to carry on, open the address yourself. This card says when {item.agentName} reports the
            request is complete.
          </p>
          <div className="url-facts">
            <p className="url-label" id={`${ids}-url-label`}>
              Address to open yourself
            </p>
            <UrlText url={analysis.normalized ?? item.url} labelledBy={`${ids}-url-label`} />
            <CopyAddress url={analysis.normalized ?? item.url} />
          </div>
          {/* The user opens it themselves: the consent view's warnings (user:pass@, lookalike names) still hold. */}
          <UrlFindings findings={analysis.cautions} />
        </>
      ) : (
        <>
          <p className="card-state-note url-progress" role="status">
            {inBrowser ? 'Continue in your browser' : closed ? 'The window was closed' : 'Continue in the window'}
          </p>
          <p className="muted">
            {inBrowser
              ? 'The page opened in your browser. '
              : closed
                ? 'Reopen it to carry on, or Cancel if you do not want to continue. '
                : 'The page is open in a separate Switchboard window. '}
            This card says when {item.agentName} reports the request is complete.
          </p>
          <CompactHost host={analysis.host} />
        </>
      );
      actions = (
        <>
          {/* Reopen would only record the address again where nothing opens. */}
          {!pagesRecordedOnly && (
            <button type="button" className="button button-primary" disabled={locked} onClick={() => void run('reopen')}>
              Reopen
            </button>
          )}
          <CardEndActions>
            <button type="button" className="button" disabled={locked} onClick={() => void run('dismiss')}>
              Cancel
            </button>
          </CardEndActions>
        </>
      );
      break;
    }
    case 'completed':
      body = (
        <>
          <p className="card-state-note url-done" role="status">
            Done — the agent reports this is complete.
          </p>
          <CompactHost host={analysis.host} />
        </>
      );
      actions = dismissButton;
      break;
    case 'refused':
      body = (
        <>
          <p className="card-state-note url-refused" role="status">
            Switchboard refused to open this address: {item.refusedReason ?? 'it cannot be opened safely.'}{' '}
            {item.urlLength === undefined ? 'The agent was told you declined.' : 'The agent was told its request was invalid.'}
          </p>
          <div className="url-facts">
            <p className="url-label" id={`${ids}-url-label`}>
              {item.urlLength === undefined
                ? 'Address sent by the agent'
                : `Start of the address sent by the agent (${item.urlLength.toLocaleString('en')} characters in all)`}
            </p>
            <UrlText url={item.url} labelledBy={`${ids}-url-label`} />
          </div>
        </>
      );
      actions = dismissButton;
      break;
    case 'withdrawn':
    case 'cancelled':
    case 'stopped':
    case 'disconnected':
    case 'app-closed':
      body = (
        <>
          <CardStateNote item={item} />
          {item.openedIn !== undefined && !pagesRecordedOnly && (
            <p className="muted">
              {item.openedIn === 'system-browser'
                ? 'The page opened in your browser stays open there; Switchboard cannot close it. '
                : 'The page was closed. '}
              If you had started signing in, the provider may still finish it.
            </p>
          )}
          <CompactHost host={analysis.host} />
        </>
      );
      actions = dismissButton;
      break;
  }

  return (
    <CardShell
      ref={articleRef}
      item={item}
      sessionName={sessionName}
      className="card-url"
      stateNote={false}
      actions={actions}
      onEscape={
        confirming
          ? () => setConfirming(false)
          : item.state === 'pending'
            ? () => void run('cancel')
            : item.state === 'consented'
              ? () => void run('dismiss')
              : undefined
      }
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node) {
          focusInside.current = event.currentTarget.contains(next);
          return;
        }
        // Focus went nowhere. A control that was removed or disabled under it is not the user leaving the card.
        const from = event.target;
        const disabled = from instanceof HTMLButtonElement || from instanceof HTMLInputElement ? from.disabled : false;
        if (from.isConnected && !disabled) focusInside.current = false;
      }}
    >
      <CardMessage text={item.message} agentName={item.agentName} />
      {body}
      {cardError && (
        <p className="card-error" role="alert">
          {cardError}
        </p>
      )}
      {answered && DONE_TEXT[answered] && (
        <p className="card-answered" role="status">
          {DONE_TEXT[answered]}
        </p>
      )}
    </CardShell>
  );
}
