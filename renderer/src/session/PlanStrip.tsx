import { memo, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { planProgressText } from './model/transcript-text';
import { PlanList } from './transcript/PlanList';
import './PlanStrip.css';

/**
 * The session's plan (its one `plan` transcript entry, replaced as the agent changes it) as a compact strip that
 * stays above the transcript while the agent works on it, so it does not scroll out of view; it opens to the
 * whole checklist. It shows only while a turn goes on, once the agent has changed the plan in that turn, and while
 * the plan has steps left: a plan of an earlier turn, one whose steps are all done, or one a Stop left half done
 * would read as work still going on. The plan keeps its entry in the transcript.
 */
export const PlanStrip = memo(function PlanStrip({ entries, turnGoesOn }: { entries: TranscriptEntry[]; turnGoesOn: boolean }) {
  const [open, setOpen] = useState(false);
  const latest = lastPlan(entries);
  const plan = latest?.plan ?? [];
  const planNow = latest ? JSON.stringify(plan) : '';
  // The plan as it was when the turn began (null between turns): state adjusted during render, React's pattern
  // for state that follows a prop, so a concurrent render cannot leave it half updated.
  const [atTurnStart, setAtTurnStart] = useState<string | null>(turnGoesOn ? planNow : null);
  if (!turnGoesOn && atTurnStart !== null) setAtTurnStart(null);
  if (turnGoesOn && atTurnStart === null) setAtTurnStart(planNow);
  const changedThisTurn = turnGoesOn && atTurnStart !== null && atTurnStart !== planNow;
  if (!latest || !changedThisTurn || !plan.some((step) => step.status !== 'completed')) return null;
  const current = plan.find((step) => step.status === 'in_progress') ?? plan.find((step) => step.status === 'pending');
  return (
    <details className="plan-strip" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="plan-strip-summary">
        <span className="plan-strip-title">Plan: {planProgressText(plan)}</span>
        {current && !open && <span className="plan-strip-current plain-text">{current.content}</span>}
      </summary>
      {open && (
        <div className="plan-strip-body">
          <PlanList plan={plan} notShown={latest.planStepsNotShown} />
        </div>
      )}
    </details>
  );
});

function lastPlan(entries: TranscriptEntry[]): TranscriptEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.kind === 'plan') return entry;
  }
  return undefined;
}
