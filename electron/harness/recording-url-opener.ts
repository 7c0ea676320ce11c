/**
 * The harness's URL opener: it records what Switchboard would open instead of opening it, so tests can
 * check that nothing opens without consent and that exactly the consented URL opens (spec E-URL-2, E-URL-5).
 * `GET /__harness/opened` serves {@link RecordingUrlOpener.opened}.
 */
import type { UrlOpenMode, UrlOpener } from '../core/url-opener';

/** One recorded open. */
export interface RecordedOpen {
  itemId: string;
  url: string;
  mode: UrlOpenMode;
  /** Milliseconds since the epoch. */
  at: number;
}

export class RecordingUrlOpener implements UrlOpener {
  /**
   * @param recordsOnly Nothing is ever opened here, and by default the app says so (UrlOpener.recordsOnly). The e2e
   *   fixture passes false: its tests play the app's window (they load the recorded page in a tab, close it through
   *   `POST /__harness/close`), so the cards say what the app says.
   */
  constructor(readonly recordsOnly: boolean = true) {}
  readonly opened: RecordedOpen[] = [];
  /** Item ids whose window Switchboard closed (completion, withdrawal, Cancel after consent). */
  readonly closed: string[] = [];
  private closedByUser?: (itemId: string) => void;

  open(itemId: string, url: string, mode: UrlOpenMode): void {
    this.opened.push({ itemId, url, mode, at: Date.now() });
  }

  close(itemId: string): void {
    if (this.opened.some((o) => o.itemId === itemId && o.mode === 'app-window')) this.closed.push(itemId);
  }

  onClosedByUser(listener: (itemId: string) => void): void {
    this.closedByUser = listener;
  }

  /** Plays the user closing the item's window by hand. */
  simulateUserClose(itemId: string): void {
    this.closedByUser?.(itemId);
  }
}
