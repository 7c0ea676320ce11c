import { memo, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/bridge';
import { planProgressText } from './transcript-text';
import { PlanList } from './transcript/PlanList';
import './PlanStrip.css';

/**
 * The session's latest plan (its last `plan` transcript entry) as a compact strip that stays above the
 * transcript while the agent works, so it does not scroll out of view; it opens to the whole checklist. The plan
 * keeps its entry in the transcript too.
 */
export const PlanStrip = memo(function PlanStrip({ entries }: { entries: TranscriptEntry[] }) {
  const [open, setOpen] = useState(false);
  const latest = lastPlan(entries);
  if (!latest) return null;
  const plan = latest.plan ?? [];
  const current = plan.find((step) => step.status === 'in_progress') ?? plan.find((step) => step.status === 'pending');
  return (
    <details className="plan-strip" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="plan-strip-summary">
        <span className="plan-strip-title">Plan: {plan.length > 0 ? planProgressText(plan) : 'no steps'}</span>
        {current && !open && <span className="plan-strip-current plain-text">{current.content}</span>}
      </summary>
      {open && (
        <div className="plan-strip-body">
          <PlanList plan={plan} />
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
