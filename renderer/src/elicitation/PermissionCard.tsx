import { useId, useRef, useState } from 'react';
import type { PermissionItemView, PermissionOptionView } from '../../../shared/views/requests';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { CardMessage } from './CardMessage';
import { CardShell } from './CardShell';
import { CancelButton, CardEndActions } from './DeclineAndCancel';
import { srOnlyWhen } from '../shell/media-query';
import { useOnePane } from '../shell/one-pane';
import { PermissionTargets } from './PermissionTargets';
import { optionLook, primaryOption, RISKY_TOOL_KINDS } from './model/permission-choices';
import './PermissionCard.css';

interface PermissionCardProps {
  item: PermissionItemView;
  /** Called once the answer or dismissal was accepted by main; `hadFocus` says whether focus was inside the card. */
  onSettled: (itemId: string, hadFocus: boolean) => void;
  /** Called after the user chose one of the agent's reject options (12b: "Decline and explain" can follow it). */
  onDeclined?: (item: PermissionItemView) => void;
  /** The session's display name, as the session tabs show it. */
  sessionName?: string;
}

/**
 * A `session/request_permission` as a card: what the agent wants to do (its title, description, the paths and the
 * command it acts on, as plain text), one button per option the agent offered, and Cancel (answered as
 * "cancelled"; also Escape). Withdrawn or disconnected requests only explain and offer Dismiss. Never takes focus
 * on arrival.
 */
export function PermissionCard({ item, onSettled, onDeclined, sessionName }: PermissionCardProps) {
  const bridge = useBridge();
  const ids = useId();
  const articleRef = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const pending = item.state === 'pending';
  // Main carries the request's description as the item's `message`; `description` when set. Shown once either way.
  const description = item.description?.trim() || item.message.trim();
  const locked = busy || done !== null;
  const risky = item.toolKind !== undefined && RISKY_TOOL_KINDS.has(item.toolKind);
  const primaryId = primaryOption(item.options, risky)?.optionId;
  // As in DeclineAndCancel: a narrow window keeps Cancel's explanation as its description only.
  const helpClass = srOnlyWhen(useOnePane(), 'decline-cancel-help');

  async function answer(option: PermissionOptionView | undefined, doneText: string, dismiss = false): Promise<void> {
    if (locked) return;
    const hadFocus = articleRef.current?.contains(document.activeElement) ?? false;
    setBusy(true);
    setCardError(null);
    try {
      if (dismiss) await bridge.invoke('dismissItem', { itemId: item.itemId });
      else
        await bridge.invoke(
          'answerPermission',
          option === undefined
            ? { itemId: item.itemId, agentId: item.agentId }
            : { itemId: item.itemId, agentId: item.agentId, optionId: option.optionId },
        );
      setDone(doneText);
      onSettled(item.itemId, hadFocus);
      if (option?.kind.startsWith('reject')) onDeclined?.(item);
    } catch (error) {
      setCardError(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  function optionButton(option: PermissionOptionView) {
    return (
      <button
        key={option.optionId}
        type="button"
        className={`button permission-option ${OPTION_CLASS[optionLook(option, risky, option.optionId === primaryId)]}`}
        // The default answer (focused by Next waiting request); for a risky tool call a reject, drawn neutral.
        data-default-choice={option.optionId === primaryId ? '' : undefined}
        title={optionHelp(option.kind)}
        disabled={locked}
        onClick={() => void answer(option, `Answered: ${option.name}.`)}
      >
        {option.name}
      </button>
    );
  }
  // The agent's reject options are its "no": they sit where every other card's Decline does, before Cancel.
  const rejects = item.options.filter((option) => option.kind.startsWith('reject'));
  const others = item.options.filter((option) => !option.kind.startsWith('reject'));

  const actions = pending ? (
    <>
      {others.map(optionButton)}
      <CardEndActions>
        {rejects.map(optionButton)}
        <CancelButton
          disabled={locked}
          describedBy={`${ids}-cancel`}
          tooltip="Dismisses it without choosing (Esc)"
          onCancel={() => void answer(undefined, 'Cancelled.')}
        />
      </CardEndActions>
      <p className={helpClass} id={`${ids}-cancel`}>
        Cancel dismisses it without choosing.
      </p>
    </>
  ) : (
    <CardEndActions>
      <button type="button" className="button" disabled={locked} onClick={() => void answer(undefined, 'Dismissed.', true)}>
        Dismiss
      </button>
    </CardEndActions>
  );

  return (
    <CardShell
      ref={articleRef}
      item={item}
      sessionName={sessionName}
      className={`card-permission${risky ? ' card-permission-risky' : ''}`}
      actions={actions}
      onEscape={pending ? () => void answer(undefined, 'Cancelled.') : undefined}
    >
      <p className="card-permission-title plain-text">
        <span className="card-permission-kind">Permission: </span>
        {item.title}
      </p>
      {description && <CardMessage text={description} agentName={item.agentName} />}
      <PermissionTargets item={item} risky={risky} />
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
    </CardShell>
  );
}

/** The button classes (controls.css) of each {@link optionLook}. */
const OPTION_CLASS: Record<ReturnType<typeof optionLook>, string> = {
  primary: 'button-primary',
  danger: 'button-danger',
  neutral: 'button-neutral',
};

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
