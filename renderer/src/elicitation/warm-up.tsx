/**
 * The first form card of a page, drawn ahead of time where no one sees it (issue 13: a new card painted ≤ 50 ms
 * after its event). The first card a page draws compiles and first runs the form code (FormCard, its fields,
 * react-hook-form, the schema's description): in the renderer bench's traces its socket task took 53–174 ms against
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
import { BridgeContext } from '../shell/bridge-context';
import { FormCard } from './FormCard';

/** One field of each kind a card draws differently (text, format, choice list, radios, number, checkbox, multi-select). */
const WARM_UP_SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string', title: 'Text', minLength: 1, maxLength: 20 },
    email: { type: 'string', title: 'Email', format: 'email' },
    day: { type: 'string', title: 'Day', format: 'date' },
    radios: { type: 'string', title: 'Radios', enum: ['a', 'b', 'c'] },
    list: { type: 'string', title: 'List', oneOf: Array.from({ length: 8 }, (_, i) => ({ const: `v${i}`, title: `Value ${i}` })) },
    count: { type: 'integer', title: 'Count', minimum: 1 },
    flag: { type: 'boolean', title: 'Flag' },
    many: { type: 'array', title: 'Many', items: { type: 'string', enum: ['x', 'y'] } },
  },
  required: ['text'],
};

const WARM_UP_ITEM: FormItemView = {
  itemId: 'warm-up',
  agentId: 'warm-up',
  agentName: 'Warm-up',
  scope: { kind: 'request' },
  mode: 'form',
  message: 'Warm-up',
  requestedSchema: WARM_UP_SCHEMA,
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
