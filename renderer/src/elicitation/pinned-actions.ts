/**
 * Which request card keeps its actions pinned to the bottom of the queue's view (with a
 * footer pinned on every card, a second card's footer floated under the first at 800 px). Only a card that runs past the bottom
 * edge can pin its actions there; with a sticky footer on every card, one whose top had only just come into view
 * drew its buttons right under its header, over its own body. So that card pins them only once enough of it is in
 * view to read ({@link MIN_BODY_IN_VIEW_PX} of body above them); until then they stay at its end, a scroll away.
 */

/** The attribute set on the card whose actions are pinned (CardShell.css). */
export const PINNED_ATTRIBUTE = 'data-actions-pinned';

/**
 * How much of a card's body must show above its pinned actions, in CSS px: about five lines of text. Less, and
 * the actions would cover most of what is seen of the card.
 */
export const MIN_BODY_IN_VIEW_PX = 120;

/**
 * Keeps {@link PINNED_ATTRIBUTE} on the card in `list` that runs past the bottom of `scroller`'s view, when it shows
 * at least its actions' height plus {@link MIN_BODY_IN_VIEW_PX}; on no card otherwise. Follows `scroller`'s
 * scrolling and size and the cards coming, going and changing height, at most once a frame, and touches the DOM
 * only when the pinned card changes. Returns the function that stops watching.
 */
export function watchPinnedActions(scroller: HTMLElement, list: HTMLElement): () => void {
  let frame = 0;
  let pinned: HTMLElement | null = null;
  const update = () => {
    frame = 0;
    const view = scroller.getBoundingClientRect();
    let next: HTMLElement | null = null;
    let headerHeight = 0;
    let actionsHeight = 0;
    for (const card of list.querySelectorAll<HTMLElement>('article[data-item-id]')) {
      const { top, bottom } = card.getBoundingClientRect();
      // The first card reaching into the view sticks its header to the top once scrolled.
      if (headerHeight === 0 && bottom > view.top) headerHeight = stickyHeight(card, '.card-header');
      if (bottom <= view.bottom + 1) continue;
      const actions = stickyHeight(card, '.card-actions');
      const shown = view.bottom - Math.max(top, view.top);
      if (actions > 0 && shown >= actions + MIN_BODY_IN_VIEW_PX) {
        next = card;
        actionsHeight = actions;
      }
      break;
    }
    keepScrollPadding(scroller, headerHeight, actionsHeight);
    if (next === pinned && pinned?.hasAttribute(PINNED_ATTRIBUTE)) return;
    pinned?.removeAttribute(PINNED_ATTRIBUTE);
    next?.setAttribute(PINNED_ATTRIBUTE, '');
    pinned = next;
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(update);
  };
  // The first look waits for the next frame too (its callbacks run before that frame's layout and paint, so the
  // card's first frame is already right): read at once, in the commit that drew the first card, it forced a
  // layout of the whole page, a long streaming transcript included (16 ms in a trace of the renderer bench).
  schedule();
  scroller.addEventListener('scroll', schedule, { passive: true });
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
  resized?.observe(scroller);
  resized?.observe(list);
  // A card added or removed at the top may leave the list's height as it was.
  const changed = typeof MutationObserver === 'function' ? new MutationObserver(schedule) : null;
  changed?.observe(list, { childList: true });
  return () => {
    if (frame !== 0) cancelAnimationFrame(frame);
    scroller.removeEventListener('scroll', schedule);
    resized?.disconnect();
    changed?.disconnect();
    pinned?.removeAttribute(PINNED_ATTRIBUTE);
    scroller.style.removeProperty('scroll-padding-top');
    scroller.style.removeProperty('scroll-padding-bottom');
  };
}

/** Room kept between a revealed control and a sticky part, in CSS px, so the focus ring shows too. */
const REVEAL_GAP_PX = 8;

/** The height in CSS px of `card`'s own child matching `selector` (its sticky header or actions), 0 if none. */
function stickyHeight(card: HTMLElement, selector: string): number {
  return card.querySelector<HTMLElement>(`:scope > ${selector}`)?.getBoundingClientRect().height ?? 0;
}

/**
 * Sizes `scroller`'s scroll padding to the card header stuck at its top and the actions pinned at its bottom, so a
 * control focused or scrolled into view (Tab, a form's first error, scrollIntoView) lands between them rather than
 * under them (at 800×600 the first invalid field hid behind the Review bar). Writes only on a change.
 */
function keepScrollPadding(scroller: HTMLElement, top: number, bottom: number): void {
  const topPx = top > 0 ? `${Math.ceil(top) + REVEAL_GAP_PX}px` : '';
  const bottomPx = bottom > 0 ? `${Math.ceil(bottom) + REVEAL_GAP_PX}px` : '';
  if (scroller.style.scrollPaddingTop !== topPx) scroller.style.scrollPaddingTop = topPx;
  if (scroller.style.scrollPaddingBottom !== bottomPx) scroller.style.scrollPaddingBottom = bottomPx;
}
