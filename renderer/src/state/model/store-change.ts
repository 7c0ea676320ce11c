/**
 * How soon React must draw each store change (draw-schedule.ts acts on the answer): streamed text may wait, a new
 * request may not.
 */
import type { QueueItemView } from '../../../../shared/views/requests';
import type { AppAction, AppState } from './app-state';

/**
 * What a change was, for how soon React must draw it (shell/use-app-state.ts):
 * - `low` when it may be drawn at a lower priority than anything else: transcript events (streamed text, new
 *   entries), and changes to what is on screen already (a form's draft that main saved, which the card drawn holds
 *   already; a note that requests arrived, for an agent on screen, which raises no notice).
 * - `urgentExceptText` when a new request arrived and the sessions changed only through their transcripts (its
 *   record and the text streamed since): drawn at once with the transcripts as they are on screen, the new text
 *   following once that frame has painted.
 * - `urgent` for everything else (a session's state, such as a turn's end, which is never drawn before its text;
 *   what the user chose).
 */
export type StoreChange = 'low' | 'urgentExceptText' | 'urgent';

/**
 * How soon `action`, which took the state from `before` to `after`, must be drawn ({@link StoreChange}). A form's
 * own check on arrival saves its draft in main, which sends the item back with that draft: drawn urgently, that was
 * a synchronous render of the whole window for each card, twice as many as the cards themselves in the renderer
 * bench's stream.
 */
export function changeOf(action: AppAction, before: AppState, after: AppState): StoreChange {
  if (action.type !== 'events') return 'urgent';
  const mayWait = action.events.every(
    (event) => event.type === 'transcript' || event.type === 'requestsArrived' || (event.type === 'item' && onlyDraftChanged(before.queue, event.item)),
  );
  // Whatever the user must see at once stays urgent, whichever event brought it: a notice, a card to reveal.
  if (mayWait && after.notices === before.notices && after.reveal === before.reveal) return 'low';
  // Only a new request goes before its text: a request's end (withdrawn, answered) is drawn with its record's.
  const arrived = action.events.some((event) => event.type === 'item' && !before.queue.some((i) => i.itemId === event.item.itemId));
  // A session's own state (a turn's end, its title) is drawn with its text; a change of transcripts alone may wait.
  const sessionsChangedOnlyInText = action.events.every((event) => event.type !== 'snapshot' && event.type !== 'session' && event.type !== 'sessionRemoved');
  return arrived && sessionsChangedOnlyInText && after.sessions !== before.sessions ? 'urgentExceptText' : 'urgent';
}

/** Whether `item` is already in `queue` and differs from it only in its saved draft. */
function onlyDraftChanged(queue: QueueItemView[], item: QueueItemView): boolean {
  const known = queue.find((i) => i.itemId === item.itemId);
  if (!known) return false;
  // Items come from main as JSON, so a field-by-field compare of their JSON (the draft left out) is exact.
  return JSON.stringify({ ...known, draft: undefined }) === JSON.stringify({ ...item, draft: undefined });
}
