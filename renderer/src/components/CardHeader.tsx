import type { QueueItemView } from '../../../shared/bridge';
import { agentInfoText, clockTime, requestLabelText, scopeLines } from '../format';

/**
 * The top of every request card, whatever its mode (spec E-REQ-7, E-REQ-3): the agent's configured name and what
 * it reported at `initialize`, a request-scoped item's label (e.g. "While signing in") as a prominent tag, the
 * session and tool call it belongs to, and when it arrived.
 */
export function CardHeader({ item }: { item: QueueItemView }) {
  const label = requestLabelText(item.scope);
  return (
    <header className="card-header">
      <div className="card-title-row">
        <h3 className="card-agent">{item.agentName}</h3>
        {item.agentInfo && <span className="card-agent-info">{agentInfoText(item.agentInfo)}</span>}
      </div>
      {label && <p className="card-scope-label">{label}</p>}
      <ul className="card-context" aria-label="Context">
        {scopeLines(item.scope).map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>
          Arrived{' '}
          <time className="card-time" dateTime={new Date(item.arrivedAt).toISOString()}>
            {clockTime(item.arrivedAt)}
          </time>
        </li>
      </ul>
    </header>
  );
}
