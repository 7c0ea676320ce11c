import type { QueueItemView } from '../../../shared/bridge';
import { agentInfoText, clockTime, requestLabelText, scopeLines } from '../shell/format';
import './CardHeader.css';

/**
 * The top of every request card, whatever its mode (spec E-REQ-7, E-REQ-3): the agent's configured name and what
 * it reported at `initialize`, a request-scoped item's label (e.g. "While signing in") as a prominent tag, the
 * session (by the name the session tabs use) and the tool call (by its title) it belongs to, and when it arrived.
 * Ids are shortened on screen; the full ones are in each line's tooltip and description.
 */
export function CardHeader({ item, sessionName }: { item: QueueItemView; sessionName?: string }) {
  const label = requestLabelText(item.scope);
  const reported = agentInfoText(item.agentInfo);
  return (
    <header className="card-header">
      <div className="card-title-row">
        <h3 className="card-agent">{item.agentName}</h3>
        {reported && (
          <span className="card-agent-info" title="What the agent reported about itself when it started">
            {reported}
          </span>
        )}
        <span className="card-time" title="When the request arrived">
          <span className="sr-only">Arrived </span>
          <time dateTime={new Date(item.arrivedAt).toISOString()}>{clockTime(item.arrivedAt)}</time>
        </span>
      </div>
      {label && <p className="card-scope-label">{label}</p>}
      <ul className="card-context" aria-label="Context">
        {scopeLines(item.scope, sessionName).map((line) => (
          <li key={line.key} className={`card-context-${line.key}`} title={line.detail} aria-description={line.detail}>
            {line.text}
          </li>
        ))}
      </ul>
    </header>
  );
}
