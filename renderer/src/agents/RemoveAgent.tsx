import { useRef, useState } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { Modal } from '../shell/Modal';

/** Asks before `removeAgent`; Cancel has the focus, so Enter alone never removes anything. */
export function RemoveAgent({ agent, onClose, onRemoved }: { agent: AgentView; onClose: () => void; onRemoved: () => void }) {
  const bridge = useBridge();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const removed = useRef(false);

  async function remove(): Promise<void> {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await bridge.invoke('removeAgent', { agentId: agent.agentId });
      removed.current = true;
      onRemoved();
    } catch (error) {
      setFailure(errorSentence(error));
      setBusy(false);
    }
  }

  return (
    <Modal
      label="Remove agent"
      onClose={onClose}
      initialFocus={cancelRef}
      returnFocus={() => (removed.current ? focusAfterRemoval(agent.agentId) : null)}
      className="remove-agent"
    >
      <h2 className="modal-title">Remove {agent.name}?</h2>
      <p>
        Switchboard stops the agent, ends its sessions and deletes it from the agents config. Requests it is waiting on
        can no longer be answered.
      </p>
      {failure && (
        <p className="modal-error plain-text" role="alert">
          {failure}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-danger" onClick={() => void remove()} disabled={busy}>
          Remove
        </button>
        <button type="button" className="button" ref={cancelRef} onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/**
 * The removed agent's row is going away (now, or with the snapshot that follows): focus the first other agent in
 * the sidebar, or "Add agent" when none is left.
 */
function focusAfterRemoval(removedId: string): HTMLElement | null {
  const rows = [...document.querySelectorAll<HTMLElement>('.sidebar li[data-agent-id]')];
  const other = rows.find((row) => row.dataset.agentId !== removedId)?.querySelector<HTMLElement>('.agent-button');
  return other ?? document.querySelector<HTMLElement>('.sidebar-actions .button');
}
