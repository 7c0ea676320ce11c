import { useRef, useState } from 'react';
import type { PermissionItemView, PermissionOptionView } from '../../../shared/bridge';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { CardShell } from './CardShell';
import './PermissionCard.css';

interface PermissionCardProps {
  item: PermissionItemView;
  /** Called once the answer or dismissal was accepted by main; `hadFocus` says whether focus was inside the card. */
  onSettled: (itemId: string, hadFocus: boolean) => void;
  /** The session's display name, as the session tabs show it. */
  sessionName?: string;
}

/**
 * A `session/request_permission` as a card: what the agent wants to do (its title, description and command, as
 * plain text), one button per option the agent offered, and Cancel (answered as "cancelled"). Withdrawn or
 * disconnected requests only explain and offer Dismiss. Never takes focus on arrival.
 */
export function PermissionCard({ item, onSettled, sessionName }: PermissionCardProps) {
  const bridge = useBridge();
  const articleRef = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const pending = item.state === 'pending';
  // Main carries the request's description as the item's `message`; `description` when set. Shown once either way.
  const description = item.description?.trim() || item.message.trim();
  const locked = busy || done !== null;

  async function answer(optionId: string | undefined, doneText: string, dismiss = false): Promise<void> {
    if (locked) return;
    const hadFocus = articleRef.current?.contains(document.activeElement) ?? false;
    setBusy(true);
    setCardError(null);
    try {
      if (dismiss) await bridge.invoke('dismissItem', { itemId: item.itemId });
      else
        await bridge.invoke(
          'answerPermission',
          optionId === undefined
            ? { itemId: item.itemId, agentId: item.agentId }
            : { itemId: item.itemId, agentId: item.agentId, optionId },
        );
      setDone(doneText);
      onSettled(item.itemId, hadFocus);
    } catch (error) {
      setCardError(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardShell ref={articleRef} item={item} sessionName={sessionName} className="card-permission">
      <p className="card-permission-title plain-text">
        <span className="card-permission-kind">Permission: </span>
        {item.title}
      </p>
      {description && <p className="card-message plain-text">{description}</p>}
      {item.command && (
        <div className="card-permission-command-box">
          <p className="url-label">Command</p>
          <pre className="url-box selectable card-permission-command" translate="no">
            <code>{item.command}</code>
          </pre>
        </div>
      )}
      {cardError && (
        <p className="card-error" role="alert">
          {cardError}
        </p>
      )}
      {done && (
        <p className="card-answered" role="status">
          {done}
        </p>
      )}
      <div className="card-actions">
        {pending ? (
          <>
            {item.options.map((option) => (
              <button
                key={option.optionId}
                type="button"
                className={`button ${optionClass(option.kind)}`}
                title={optionHelp(option.kind)}
                disabled={locked}
                onClick={() => void answer(option.optionId, `Answered: ${option.name}.`)}
              >
                {option.name}
              </button>
            ))}
            <span className="card-actions-spacer" />
            <button type="button" className="button" disabled={locked} onClick={() => void answer(undefined, 'Cancelled.')}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="button" disabled={locked} onClick={() => void answer(undefined, 'Dismissed.', true)}>
            Dismiss
          </button>
        )}
      </div>
    </CardShell>
  );
}

/** Allowing once is the usual answer (primary); allowing always is weightier (neutral); rejecting reads as danger. */
function optionClass(kind: PermissionOptionView['kind']): string {
  if (kind === 'allow_once') return 'button-primary';
  if (kind.startsWith('reject')) return 'button-reject';
  return 'button-neutral';
}

/** What an option's ACP kind means, for its tooltip; undefined for a kind Switchboard does not know. */
function optionHelp(kind: PermissionOptionView['kind']): string | undefined {
  switch (kind) {
    case 'allow_once':
      return 'Allows this one time';
    case 'allow_always':
      return 'Allows this now and from now on';
    case 'reject_once':
      return 'Refuses this one time';
    case 'reject_always':
      return 'Refuses this now and from now on';
    default:
      return undefined;
  }
}
