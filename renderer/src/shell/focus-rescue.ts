import { useEffect } from 'react';

/**
 * Keeps keyboard focus off `<body>`. When the focused element leaves the page (a card the user was typing in was
 * withdrawn and redrawn read-only, the last request was answered and the Requests column closed, an agent row was
 * redrawn after Restart), focus moves to the nearest thing that still makes sense, in this order:
 * 1. the card it was in, if that card is still there (its content changed, e.g. withdrawn);
 * 2. the first request card still waiting, if any;
 * 3. the selected agent's row in the sidebar, then the composer of the open session; the other way round when the
 *    focus was in the Requests column (the last request answered: the user goes back to the session's message box).
 * A focus the user moved themselves (a click on empty space, Tab out of the window) is left alone: only focus
 * lost with its element is rescued.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let lastCard: HTMLElement | null = null;
    // Whether focus was in the Requests column (a card, or its heading, where Decline leaves it as the card goes).
    let inQueue = false;
    let timer: number | undefined;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      lastCard = target?.closest<HTMLElement>('article.card') ?? null;
      inQueue = target?.closest('.queue') != null;
    };
    const onFocusOut = (event: FocusEvent) => {
      const lost = event.target instanceof HTMLElement ? event.target : null;
      if (!lost || event.relatedTarget) return;
      const card = lastCard;
      const fromQueue = inQueue;
      window.clearTimeout(timer);
      // After React has finished the update that removed it.
      timer = window.setTimeout(() => {
        if (lost.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
        rescueTarget(card, fromQueue)?.focus();
      }, 0);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}

function rescueTarget(card: HTMLElement | null, fromQueue: boolean): HTMLElement | null {
  if (card?.isConnected && shown(card)) return card;
  const agentRow = document.querySelector<HTMLElement>('.agent-item.is-selected .agent-button');
  const composer = document.querySelector<HTMLElement>('.workspace textarea.composer-input');
  const candidates = [
    document.querySelector<HTMLElement>('.queue article.card:not(.card-withdrawn):not(.card-stopped):not(.card-disconnected)'),
    ...(fromQueue ? [composer, agentRow] : [agentRow, composer]),
  ];
  return candidates.find((el): el is HTMLElement => el !== null && shown(el)) ?? null;
}

/** Whether `el` can take focus where it is: not inside the pane a narrow window hides (App.css). */
function shown(el: HTMLElement): boolean {
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
}
