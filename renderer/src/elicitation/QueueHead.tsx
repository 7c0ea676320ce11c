import type { RefObject } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import { ariaKeyShortcut, shortcutLabel } from '../../../shared/shortcuts';
import { IS_MAC } from '../shell/window-shortcuts';
import { srOnlyWhen } from '../shell/media-query';
import { queueCountText } from './model/queue-count';

interface QueueHeadProps {
  /** The selected agent, or null when none is configured. */
  agent: AgentView | null;
  /** Nothing from this agent: the narrow column's line under the heading names it instead. */
  idle: boolean;
  /** How many of this agent's requests wait for the user. */
  pending: number;
  /** How many requests wait across every agent. */
  waitingTotal: number;
  /** Next (1) / Previous (-1) waiting request, across agents, from the card in focus. */
  onStepWaiting: (direction: 1 | -1) => void;
  /** The heading, where focus lands when the card in focus goes away and none follows. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The Requests column's heading: whose requests, how many wait here and in all, and Previous / Next. */
export function QueueHead({ agent, idle, pending, waitingTotal, onStepWaiting, headingRef }: QueueHeadProps) {
  return (
    <div className="queue-head">
      <h2 id="queue-heading" ref={headingRef} tabIndex={-1}>
        Requests
        {/* Narrow and idle, the line under the heading names the agent; the heading keeps it for screen readers. */}
        {agent && <span className={srOnlyWhen(idle, 'queue-head-agent')}> from {agent.name}</span>}
      </h2>
      <div className="queue-head-tools">
        {waitingTotal > 0 && <span className="queue-head-count">{queueCountText(pending, waitingTotal)}</span>}
        {waitingTotal > 0 && <WaitingSteps onStep={onStepWaiting} />}
      </div>
    </div>
  );
}

/**
 * "Previous waiting request" / "Next waiting request": move focus into the waiting request before / after the one
 * in focus, across agents, wrapping at the ends. The same as the window-wide shortcuts they declare.
 */
function WaitingSteps({ onStep }: { onStep: (direction: 1 | -1) => void }) {
  const steps = [
    { direction: -1 as const, command: 'previousWaitingRequest' as const, label: 'Previous waiting request', arrow: '↑' },
    { direction: 1 as const, command: 'nextWaitingRequest' as const, label: 'Next waiting request', arrow: '↓' },
  ];
  return (
    <span className="queue-steps">
      {steps.map((step) => (
        <button
          key={step.command}
          type="button"
          className="button button-small queue-step"
          aria-label={step.label}
          aria-keyshortcuts={ariaKeyShortcut(step.command, IS_MAC)}
          title={`${step.label} (${shortcutLabel(step.command, IS_MAC)})`}
          onClick={() => onStep(step.direction)}
        >
          <span aria-hidden="true">{step.arrow}</span>
        </button>
      ))}
    </span>
  );
}
