import { waitingText } from '../shell/model/format';
import type { OtherWaiting } from './model/queue-view';

/** How many other agents "Also waiting" names; the rest are summed up with a way to the full list. */
const OTHERS_SHOWN = 4;

interface AlsoWaitingProps {
  others: OtherWaiting[];
  onSelectAgent: (agentId: string) => void;
  /** Opens the "Waiting for you" list (where "Also waiting" leads once it names too many agents). */
  onShowWaiting: () => void;
  /** An agent was chosen: this list goes away once that agent is shown, so focus goes somewhere that stays. */
  onLeave: () => void;
}

/** Other agents' waiting requests, under the Requests heading, so none is missed; nothing when there are none. */
export function AlsoWaiting({ others, onSelectAgent, onShowWaiting, onLeave }: AlsoWaitingProps) {
  if (others.length === 0) return null;
  const othersHidden = others.slice(OTHERS_SHOWN);
  return (
    <div className="queue-others">
      <p className="queue-others-title">Also waiting</p>
      <ul>
        {others.slice(0, OTHERS_SHOWN).map(({ agent: other, count }) => (
          <li key={other.agentId}>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onSelectAgent(other.agentId);
                onLeave();
              }}
            >
              {other.name}: {waitingText(count)}
            </button>
          </li>
        ))}
        {othersHidden.length > 0 && (
          <li>
            <button type="button" className="link-button" onClick={onShowWaiting}>
              {othersHidden.length} more {othersHidden.length === 1 ? 'agent' : 'agents'}:{' '}
              {waitingText(othersHidden.reduce((sum, o) => sum + o.count, 0))}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
