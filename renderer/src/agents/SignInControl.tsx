import { useEffect, useId, useRef, useState } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { useCloseOnPointerOutside } from '../shell/close-on-pointer-outside';
import './SignInControl.css';

/**
 * Sign-in with one of the agent's `authMethods`: one "Sign in with <name>" button per method, the method's
 * description as its accessible description, unfolded on screen by a "?" disclosure beside it; a terminal method
 * shows the command to run instead (Switchboard never runs it). While a sign-in is pending it says so and offers "Cancel sign-in". Requests the
 * agent sends meanwhile land in the queue labelled "While signing in" (spec E-REQ-3). A failed or cancelled
 * sign-in shows its sentence here.
 */
export function SignInControl({ agent }: { agent: AgentView }) {
  const bridge = useBridge();
  const ids = useId();
  /** The method this pane asked for; main's `signingIn` may arrive a moment later (or after a reload, alone). */
  const [requested, setRequested] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** The method whose description is unfolded (the "?" beside its button), if any. */
  const [about, setAbout] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ level: 'info' | 'error'; text: string } | null>(null);
  const cancelledByUser = useRef(false);
  const groupRef = useRef<HTMLDivElement>(null);
  /** Whether keyboard focus is in this control, so it can follow the buttons as they swap. */
  const focusInside = useRef(false);
  // The unfolded description is a panel over the bars below: a click anywhere else folds it (a new user's finding).
  useCloseOnPointerOutside(groupRef, about !== null, () => setAbout(null));

  const methodId = agent.signingIn?.methodId ?? requested;
  const method = methodId ? agent.authMethods.find((m) => m.methodId === methodId) : undefined;
  const signedIn = agent.signedIn ? agent.authMethods.find((m) => m.methodId === agent.signedIn?.methodId) : undefined;

  // The method buttons and "Cancel sign-in" replace each other; a keyboard user stays on whichever shows.
  useEffect(() => {
    const active = document.activeElement;
    if (!focusInside.current || (active !== null && active !== document.body && active.isConnected)) return;
    groupRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [methodId]);

  async function signIn(id: string): Promise<void> {
    if (methodId) return;
    cancelledByUser.current = false;
    setRequested(id);
    setOutcome(null);
    try {
      // Resolves when the sign-in is over; main says "Signed in" in a notice.
      await bridge.invoke('authenticate', { agentId: agent.agentId, methodId: id });
    } catch (error) {
      setOutcome(
        cancelledByUser.current ? { level: 'info', text: 'Sign-in cancelled.' } : { level: 'error', text: errorSentence(error) },
      );
    } finally {
      setRequested(null);
    }
  }

  async function cancel(): Promise<void> {
    if (cancelling) return;
    cancelledByUser.current = true;
    setCancelling(true);
    try {
      await bridge.invoke('cancelAuthenticate', { agentId: agent.agentId });
    } catch (error) {
      cancelledByUser.current = false;
      setOutcome({ level: 'error', text: `Could not cancel the sign-in: ${errorSentence(error)}` });
    } finally {
      setCancelling(false);
    }
  }

  return (
    <div
      className="sign-in"
      role="group"
      aria-label="Sign in"
      ref={groupRef}
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        // A button removed or disabled under the focus blurs with no next target; that is not the user leaving.
        const from = event.target;
        if (next instanceof Node) focusInside.current = event.currentTarget.contains(next);
        else if (from.isConnected && !(from instanceof HTMLButtonElement && from.disabled)) focusInside.current = false;
      }}
    >
      {methodId ? (
        <div className="sign-in-progress">
          <p className="sign-in-status" role="status">
            <span className="sign-in-status-text">Signing in…</span>
            {method && <span className="muted"> ({method.name})</span>}
          </p>
          <p className="sign-in-help">Anything the agent asks for this sign-in appears under Requests.</p>
          <button type="button" className="button" disabled={cancelling} onClick={() => void cancel()}>
            Cancel sign-in
          </button>
        </div>
      ) : signedIn ? (
        // ACP says no more than that authenticate succeeded; the buttons come back if the agent asks again.
        <p className="sign-in-status sign-in-done" role="status">
          Signed in<span className="muted"> with {signedIn.name}</span>
        </p>
      ) : (
        <ul className="sign-in-methods">
          {agent.authMethods.map((m, index) =>
            m.terminalCommand ? (
              <li key={m.methodId} className="sign-in-method">
                <p className="sign-in-help">
                  {m.name}: run this in a terminal, then start a session. Switchboard does not run it for you.
                </p>
                <pre className="sign-in-command code-block plain-text" aria-label={`Command for ${m.name}`} tabIndex={0}>
                  {m.terminalCommand}
                </pre>
                <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(m.terminalCommand!)}>
                  Copy command
                </button>
              </li>
            ) : (
            <li key={m.methodId} className="sign-in-method">
              <span className="sign-in-line">
                <button
                  type="button"
                  className="button"
                  // The name stays whole where a tight header shows only "Sign in" (AgentPane.css).
                  aria-label={`Sign in with ${m.name}`}
                  title={`Sign in with ${m.name}`}
                  aria-describedby={m.description ? `${ids}-method-${index}` : undefined}
                  onClick={() => void signIn(m.methodId)}
                >
                  {/* One flex item, so the space before "with" is kept. */}
                  <span>
                    Sign in<span className="sign-in-with"> with {m.name}</span>
                  </span>
                </button>
                {m.description && (
                  <button
                    type="button"
                    className="icon-button sign-in-about"
                    aria-label={`About signing in with ${m.name}`}
                    aria-expanded={about === m.methodId}
                    aria-controls={`${ids}-method-${index}`}
                    title={about === m.methodId ? 'Hide what this sign-in does' : 'What this sign-in does'}
                    onClick={() => setAbout((open) => (open === m.methodId ? null : m.methodId))}
                    onKeyDown={(event) => {
                      // Escape folds it again (and goes no further: not a card's or a dialog's Escape).
                      if (event.key !== 'Escape' || about !== m.methodId) return;
                      event.preventDefault();
                      event.stopPropagation();
                      setAbout(null);
                    }}
                  >
                    <span aria-hidden="true">?</span>
                  </button>
                )}
              </span>
              {/* Folded away unless asked for (it made the agent's header 105 px tall at 1440), and unfolded as a
                  panel over what is below, so the header keeps its one line: always the sign-in button's
                  description, so assistive tech reads it either way. */}
              {m.description && (
                <p id={`${ids}-method-${index}`} className="sign-in-help sign-in-about-text popover-panel plain-text" hidden={about !== m.methodId}>
                  {m.description}
                </p>
              )}
            </li>
            ),
          )}
        </ul>
      )}
      {outcome && (
        <p className={outcome.level === 'error' ? 'sign-in-error' : 'sign-in-note'} role={outcome.level === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}
