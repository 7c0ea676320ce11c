/**
 * Where a consented URL-mode page opens (spec E-URL-5). The core decides *whether* and *when* to open;
 * the host decides *how*: Electron opens a sealed `BrowserWindow` or the system browser, the test harness
 * records the request instead.
 *
 * The interface returns nothing readable on purpose (architecture rule 5): no handle to the page, its
 * content, cookies or input ever reaches the core, the renderer or an agent.
 */

/** How the user chose to open a page: the sealed in-app window, or the OS browser. */
export type UrlOpenMode = 'app-window' | 'system-browser';

export interface UrlOpener {
  /**
   * True for a host that records what it would open instead of opening it (the test harness, which has no
   * BrowserWindow and never starts a browser). The snapshot passes it on as `urlPagesRecordedOnly`, so the
   * consent card says nothing opened rather than "the page is open". Absent or false: `open` really opens.
   */
  readonly recordsOnly?: boolean;
  /**
   * Opens `url` for queue item `itemId`. Called only after the user's explicit consent, and only for a URL
   * whose scheme passed the URL analysis (https, or http to loopback). Opening the same item again
   * (Reopen) focuses or recreates its window.
   */
  open(itemId: string, url: string, mode: UrlOpenMode): void;
  /** Closes the item's window, if any, and forgets it. A no-op for the system browser. */
  close(itemId: string): void;
  /**
   * Lets the host report that the user closed the item's window themselves, so the item can say so.
   * Optional: hosts without windows never call it.
   */
  onClosedByUser?(listener: (itemId: string) => void): void;
}
