import { useCallback, useEffect, useId, useState } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { Modal } from '../shell/Modal';
import { revealInvisible } from '../../../shared/visible-text';
import './AgentLog.css';

type LogState = { kind: 'loading' } | { kind: 'loaded'; text: string } | { kind: 'failed'; error: string };

/**
 * The "Agent log" dialog: what the agent wrote to its error output lately, as main returns it (recognisable
 * secrets already redacted there), with Refresh and Copy.
 */
export function AgentLog({ agent, onClose }: { agent: AgentView; onClose: () => void }) {
  const bridge = useBridge();
  const ids = useId();
  const [log, setLog] = useState<LogState>({ kind: 'loading' });
  const [copyNote, setCopyNote] = useState('');
  const { agentId } = agent;

  const load = useCallback(() => {
    bridge.invoke('getAgentLog', { agentId }).then(
      // The agent's own stderr: its invisible formatting characters are shown, never applied.
      ({ text }) => setLog({ kind: 'loaded', text: revealInvisible(text) }),
      (error: unknown) => setLog({ kind: 'failed', error: errorSentence(error) }),
    );
  }, [bridge, agentId]);

  useEffect(() => {
    load();
  }, [load]);

  async function copy(): Promise<void> {
    if (log.kind !== 'loaded') return;
    try {
      await navigator.clipboard.writeText(log.text);
      setCopyNote('Copied.');
    } catch {
      setCopyNote('Could not copy: select the text and copy it by hand.');
    }
  }

  return (
    <Modal label="Agent log" onClose={onClose} className="agent-log">
      <h2 className="modal-title">Log of {agent.name}</h2>
      <p className="modal-hint" id={`${ids}-hint`}>
        What the agent wrote to its error output lately. Values from its environment and text that looks like a key are
        replaced by ‹redacted›.
      </p>
      {log.kind === 'failed' && (
        <p className="modal-error plain-text" role="alert">
          {log.error}
        </p>
      )}
      {log.kind === 'loading' && <p className="muted">Loading…</p>}
      {log.kind === 'loaded' &&
        (log.text.trim() === '' ? (
          <p className="muted">The agent has not written anything to its error output.</p>
        ) : (
          // Focusable so the keyboard can scroll it.
          <pre className="log-text code-block selectable" tabIndex={0} aria-label="Log text" aria-describedby={`${ids}-hint`}>
            {log.text}
          </pre>
        ))}
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setCopyNote('');
            load();
          }}
        >
          Refresh
        </button>
        <button type="button" className="button" onClick={() => void copy()} disabled={log.kind !== 'loaded' || log.text === ''}>
          Copy
        </button>
        <span className="modal-status" role="status">
          {copyNote}
        </span>
        <button type="button" className="button modal-actions-end" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
