/**
 * Wording of transcript details: tool call and plan statuses, priorities, locations, unknown updates.
 * Pure; no DOM.
 */
import type { PlanEntryView, TranscriptEntry } from '../../../../shared/views/transcript';

/** How a status reads and which colour family it takes. */
export interface StatusText {
  text: string;
  tone: 'pending' | 'active' | 'done' | 'failed' | 'cancelled' | 'unknown';
}

/**
 * A tool call's ACP `status` in words: pending → "Pending", in_progress → "In progress", completed → "Completed",
 * failed → "Failed", cancelled → "Cancelled"; a status Switchboard does not know is shown as the agent sent it.
 * Absent → "Pending" (ACP's default for a new tool call).
 */
export function toolStatusText(status: string | undefined): StatusText {
  switch (status ?? 'pending') {
    case 'pending':
      return { text: 'Pending', tone: 'pending' };
    case 'in_progress':
      return { text: 'In progress', tone: 'active' };
    case 'completed':
      return { text: 'Completed', tone: 'done' };
    case 'failed':
      return { text: 'Failed', tone: 'failed' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'cancelled' };
    default:
      return { text: status ?? '', tone: 'unknown' };
  }
}

/** A plan step's status in words (pending / in progress / completed / cancelled; others as sent; absent → pending). */
export function planStatusText(status: string | undefined): StatusText {
  return toolStatusText(status);
}

/** A plan step's priority in words: "High priority", "Medium priority", "Low priority"; others as sent; '' when absent. */
export function priorityText(priority: string | undefined): string {
  switch (priority) {
    case undefined:
    case '':
      return '';
    case 'high':
      return 'High priority';
    case 'medium':
      return 'Medium priority';
    case 'low':
      return 'Low priority';
    default:
      return `Priority: ${priority}`;
  }
}

/** "3 of 5 done" for a plan: completed steps out of all. */
export function planProgressText(plan: PlanEntryView[]): string {
  const done = plan.filter((step) => step.status === 'completed').length;
  return `${done} of ${plan.length} done`;
}

/** A tool call location as `path:line`, or the path alone. */
export function locationText(location: { path: string; line?: number }): string {
  return location.line !== undefined ? `${location.path}:${location.line}` : location.path;
}

/**
 * An update kind Switchboard does not know, from its entry text (`<sessionUpdate>: <summary>`): the name for the
 * collapsed line ("Unknown update: foo_update") and the whole text for the details.
 */
export function unknownUpdateText(text: string): { summary: string; details: string } {
  const colon = text.indexOf(': ');
  const name = colon > 0 && colon <= 80 ? text.slice(0, colon) : '';
  return { summary: name ? `Unknown update: ${name}` : 'Unknown update', details: text };
}

/** "… 12 more lines not shown" under a diff capped for display; '' when nothing was left out. */
export function truncatedText(lines: number | undefined): string {
  if (!lines || lines <= 0) return '';
  return `… ${lines} more ${lines === 1 ? 'line' : 'lines'} not shown`;
}

/** "… 40 unchanged lines" for a folded run of a diff. */
export function skippedText(count: number): string {
  return `… ${count} unchanged ${count === 1 ? 'line' : 'lines'}`;
}

/**
 * The id of the newest message the user sent in `entries`, if any (searched from the end, where it usually is):
 * what tells "the user sent a message" from other transcript changes.
 */
export function newestUserEntryId(entries: readonly TranscriptEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].role === 'user') return entries[i].entryId;
  return undefined;
}
