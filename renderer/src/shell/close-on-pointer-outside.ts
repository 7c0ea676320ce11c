import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, calls `close` when a pointer goes down anywhere outside `root`: a panel drawn over the page (the
 * session's settings, a sign-in's description) folds away when the user clicks elsewhere, as a popover does. Escape
 * is each panel's own (it also decides where focus goes). `close` may change identity on every render.
 */
export function useCloseOnPointerOutside(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) latestClose.current();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, root]);
}
