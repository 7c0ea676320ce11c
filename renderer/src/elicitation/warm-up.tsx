/**
 * The first form card of a page, drawn ahead of time where no one sees it (a new card painted ≤ 50 ms
 * after its event). The first card a page draws compiles and first runs the form code (FormCard, its fields,
 * react-hook-form): in the renderer bench's traces its socket task took 53–174 ms against
 * 8–30 ms for the cards after it. Drawn once into an element that is never in the document, at an idle moment
 * after the first snapshot is on screen, the real first request is drawn as fast as the others.
 *
 * Off the document, nothing of it is laid out, read by assistive technology, focusable or seen by the browser's
 * form features; its bridge answers nothing, and it is gone at the next idle moment.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { SwitchboardBridge } from '../../../shared/bridge';
import type { FormItemView } from '../../../shared/views/requests';
import type { FieldSpec } from '../../../shared/form-schema/types';
import { BridgeContext } from '../shell/bridge-context';
import { FormCard } from './FormCard';

/**
 * One field of each kind a card draws differently (text, format, radios, choice list, number, checkbox,
 * multi-select), described as main describes a form (shared/form-schema.ts `describeForm`).
 */
const WARM_UP_FIELDS: FieldSpec[] = [
  { name: 'text', label: 'Text', required: true, kind: 'string', looksSecret: false, minLength: 1, maxLength: 20 },
  { name: 'email', label: 'Email', required: false, kind: 'string', looksSecret: false, format: 'email' },
  { name: 'day', label: 'Day', required: false, kind: 'string', looksSecret: false, format: 'date' },
  { name: 'radios', label: 'Radios', required: false, kind: 'single-select', looksSecret: false, options: ['a', 'b', 'c'].map((v) => ({ value: v, title: v })) },
  {
    name: 'list',
    label: 'List',
    required: false,
    kind: 'single-select',
    looksSecret: false,
    options: Array.from({ length: 8 }, (_, i) => ({ value: `v${i}`, title: `Value ${i}` })),
  },
  { name: 'count', label: 'Count', required: false, kind: 'integer', looksSecret: false, minimum: 1 },
  { name: 'flag', label: 'Flag', required: false, kind: 'boolean', looksSecret: false },
  { name: 'many', label: 'Many', required: false, kind: 'multi-select', looksSecret: false, options: ['x', 'y'].map((v) => ({ value: v, title: v })) },
];

const WARM_UP_ITEM: FormItemView = {
  itemId: 'warm-up',
  agentId: 'warm-up',
  agentName: 'Warm-up',
  scope: { kind: 'request' },
  mode: 'form',
  message: 'Warm-up',
  form: { fields: WARM_UP_FIELDS },
  state: 'pending',
  arrivedAt: 0,
};

/** Answers nothing: a card drawn here never reaches main. */
const SILENT_BRIDGE: SwitchboardBridge = {
  invoke: () => Promise.reject(new Error('The warm-up card has no bridge.')),
  subscribe: () => () => {},
};

/**
 * The idle time the page must have before the card is drawn (ms): drawing it takes 20–60 ms on a 2-core machine, so
 * it waits for a moment with no frame due (requestIdleCallback then offers up to 50 ms), never one between the
 * frames of a streaming reply, where it would be a long task.
 */
const IDLE_NEEDED_MS = 40;

/** How many idle moments it waits for one that long before it gives up (the speed-up is not worth more). */
const MAX_IDLE_TRIES = 50;

/** A form card's field in the document (FormCard's fields live in `.field`). */
const DRAWN_FORM_CARD = 'article[data-item-id] .field';

/**
 * At the first idle moment of at least {@link IDLE_NEEDED_MS}, draws one form card off the document, and removes it
 * at the next idle moment; nothing once a form card is on screen. Called once a page (main.tsx's `warmUpOnce`). Without
 * requestIdleCallback, after a second. Never throws and reports nothing: a warm-up that fails only costs the
 * speed-up. If a stream keeps the page busy from the start, it gives up and the first card pays as before.
 */
export function warmUpFormCard(): void {
  if (!window.requestIdleCallback) {
    setTimeout(() => draw((run) => setTimeout(run, 0)), 1000);
    return;
  }
  let tries = 0;
  const wait = (deadline: IdleDeadline) => {
    // A form card already on screen (a reload with requests waiting) has run the form code: nothing to gain.
    if (document.querySelector(DRAWN_FORM_CARD)) return;
    if (deadline.timeRemaining() >= IDLE_NEEDED_MS) draw((run) => window.requestIdleCallback(run));
    else if (++tries < MAX_IDLE_TRIES) window.requestIdleCallback(wait);
  };
  window.requestIdleCallback(wait);
}

/** Draws the card off the document and has `whenIdle` remove it. */
function draw(whenIdle: (run: () => void) => void): void {
  try {
    // React reports a render error to the page rather than throwing it; here it only costs the speed-up.
    const ignore = () => {};
    const root = createRoot(document.createElement('div'), { onUncaughtError: ignore, onCaughtError: ignore, onRecoverableError: ignore });
    flushSync(() =>
      root.render(
        <BridgeContext value={SILENT_BRIDGE}>
          <FormCard item={WARM_UP_ITEM} onSettled={() => {}} />
        </BridgeContext>,
      ),
    );
    whenIdle(() => root.unmount());
  } catch {
    // Nothing to undo: the element was never in the document.
  }
}
