import type { QueueItemView } from '../../../shared/views/requests';
import { agentInfoText, clockTime, requestLabelText, scopeLines } from '../shell/model/format';
import './CardHeader.css';

/**
 * The top of every request card, whatever its mode (spec E-REQ-7, E-REQ-3): the agent's configured name and what
 * it reported at `initialize`, a request-scoped item's label (e.g. "While signing in") as a prominent tag, the
 * session (by the name the session tabs use) and the tool call (by its title) it belongs to, and when it arrived.
 * Two lines at most, however narrow the column: agent · session · reported identity · time on
 * the first, the tool call on the second, each cut with an ellipsis where it must; the whole text stays in each
 * part's tooltip and in what assistive tech reads. Ids are in the tooltips and descriptions.
 */
export function CardHeader({ item, sessionName }: { item: QueueItemView; sessionName?: string }) {
  const label = requestLabelText(item.scope);
  const reported = agentInfoText(item.agentInfo);
  const lines = scopeLines(item.scope, sessionName);
  const session = lines.find((line) => line.key === 'session');
  const rest = lines.filter((line) => line !== session);
  return (
    <header className="card-header">
      <div className="card-title-row">
        <h3 className="card-agent">{item.agentName}</h3>
        {session && (
          <span className="card-session" title={`${session.text}\n${session.detail ?? ''}`.trim()} aria-description={session.detail}>
            <span className="sr-only">, session </span>
            {session.text}
          </span>
        )}
        {reported && (
          <span className="card-agent-info" title={`What the agent reported about itself when it started: ${reported}`}>
            {reported}
          </span>
        )}
        <span className="card-time" title="When the request arrived">
          <span className="sr-only">Arrived </span>
          <time dateTime={new Date(item.arrivedAt).toISOString()}>{clockTime(item.arrivedAt)}</time>
        </span>
      </div>
      {label && <p className="card-scope-label">{label}</p>}
      {rest.length > 0 && (
        <ul className="card-context" aria-label="Context">
          {rest.map((line) => (
            <li key={line.key} className={`card-context-${line.key}`} title={[line.text, line.detail].filter(Boolean).join('\n')} aria-description={line.detail}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
