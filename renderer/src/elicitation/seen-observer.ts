/**
 * Reports queue cards that have been on screen while the window was visible. A card counts once at least half of
 * it, or 160 px of a tall one, was in view. While the window is hidden (minimized, another desktop), or the panel
 * is (a narrow window showing the session pane), cards in view are held back and reported when it shows again.
 */
export class SeenObserver {
  private readonly io: IntersectionObserver | null;
  private readonly inView = new Set<string>();
  private readonly onVisibility = () => this.flush();
  private onScreen = true;

  constructor(private readonly report: (itemIds: string[]) => void) {
    this.io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this.update(entries), { threshold: [0, 0.25, 0.5, 1] })
        : null;
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Watches every card now in `list` (replacing what was watched before). */
  observe(list: HTMLElement | null): void {
    if (!this.io) return;
    this.io.disconnect();
    this.inView.clear();
    for (const card of list?.querySelectorAll<HTMLElement>('article[data-item-id]') ?? []) this.io.observe(card);
  }

  /** The panel is shown (true) or laid out but hidden behind the session pane (false); shown again, reports what is in view. */
  setOnScreen(onScreen: boolean): void {
    this.onScreen = onScreen;
    this.flush();
  }

  dispose(): void {
    this.io?.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private update(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const itemId = (entry.target as HTMLElement).dataset.itemId;
      if (!itemId) continue;
      const visible = entry.isIntersecting && (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= 160);
      if (visible) this.inView.add(itemId);
      else this.inView.delete(itemId);
    }
    this.flush();
  }

  private flush(): void {
    if (!this.onScreen || document.visibilityState !== 'visible' || this.inView.size === 0) return;
    this.report([...this.inView]);
  }
}
