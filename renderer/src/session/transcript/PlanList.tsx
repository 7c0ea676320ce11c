import type { PlanEntryView } from '../../../../shared/views/transcript';
import { planProgressText, planStatusText, priorityText } from '../model/transcript-text';
import { StatusPill } from './StatusPill';
import './PlanList.css';

const MARK: Record<string, string> = {
  pending: '○',
  active: '◐',
  done: '✓',
  failed: '✕',
  cancelled: '–',
  unknown: '?',
};

/**
 * The agent's plan as a checklist: each step with its status in words and its priority; "N of M done" above, and
 * below, how many more steps the agent sent than Switchboard keeps (`notShown`).
 */
export function PlanList({ plan, notShown = 0 }: { plan: PlanEntryView[]; notShown?: number }) {
  return (
    <div className="plan" role="group" aria-label="Plan">
      <div className="plan-head">
        <span className="plan-title">Plan</span>
        <span className="plan-progress">{plan.length > 0 ? planProgressText(plan) : 'No steps'}</span>
      </div>
      {plan.length > 0 && (
        <ol className="plan-steps">
          {plan.map((step, index) => {
            const status = planStatusText(step.status);
            const priority = priorityText(step.priority);
            return (
              <li key={index} className={`plan-step tone-${status.tone}`}>
                <span className="plan-mark" aria-hidden="true">
                  {MARK[status.tone]}
                </span>
                <span className="plan-content plain-text">{step.content}</span>
                <StatusPill status={status} />
                <span className={`plan-priority priority-${step.priority ?? 'none'}`}>{priority}</span>
              </li>
            );
          })}
        </ol>
      )}
      {notShown > 0 && (
        <p className="plan-not-shown muted">
          {notShown.toLocaleString()} more step{notShown === 1 ? '' : 's'} not shown: the agent sent more than Switchboard keeps.
        </p>
      )}
    </div>
  );
}
