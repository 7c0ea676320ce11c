import type { AgentView } from '../../../shared/bridge';
import type { ConnectionStatus, Notice } from '../state/store';
import './Notices.css';

interface NoticesProps {
  notices: Notice[];
  agents: AgentView[];
  connection: ConnectionStatus;
  loaded: boolean;
  onDismiss: (noticeId: number) => void;
}

/** The toast area: main's notices (plain sentences, dismissible) and the connection state, announced politely. */
export function Notices({ notices, agents, connection, loaded, onDismiss }: NoticesProps) {
  // Before the first snapshot the main area says "Connecting…"; here only a lost connection is worth a toast.
  const connectionText = connection === 'reconnecting' && loaded ? 'Lost the connection to Switchboard. Reconnecting…' : '';
  return (
    <div className="notices" role="status" aria-label="Notices">
      {connectionText && <p className="notice notice-connection">{connectionText}</p>}
      {notices.map((notice) => {
        const agent = notice.agentId ? agents.find((a) => a.agentId === notice.agentId) : undefined;
        return (
          <div key={notice.noticeId} className={`notice notice-${notice.level}`}>
            <p className="notice-text plain-text">
              {agent && <strong>{agent.name}: </strong>}
              {notice.text}
            </p>
            <button
              type="button"
              className="notice-dismiss"
              aria-label="Dismiss notice"
              onClick={() => onDismiss(notice.noticeId)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
