/**
 * When each store change is handed to React, and with how much of the state (a new card painted ≤ 50 ms
 * after its event while a long reply streams). Plain logic with its React and frame hooks passed in, so it is
 * unit-tested in Node; shell/use-app-state.ts wires it to React.
 *
 * - `low` (store.ts, changeOf: streamed text, a saved draft): the whole state at transition priority.
 * - `urgent`: the whole state at once, so it carries all text received before it: nothing is handed to React out
 *   of order, and a turn's end (not busy) never goes without its text.
 * - `urgentExceptText` (a new request, with its transcript record and the text streamed since): at once, but
 *   with the sessions as they are on screen, and the whole state at transition priority once that frame has
 *   painted. A card arriving while a reply streamed was drawn in the same frame as the reply's new text, whose
 *   layout it then waited behind. Text is held back for one card at a time: a second such change before the text
 *   owed has been drawn is drawn whole, so a burst of requests never freezes the transcript.
 */
import type { SessionView } from '../../../../shared/views/sessions';
import type { AppState, StoreChange } from './store';

/** How the schedule hands a state to React. */
export interface DrawTarget {
  /** Sets `state` at transition priority (React may fold and interrupt it). */
  later(state: AppState): void;
  /** Sets `state` and renders it before returning (flushSync). */
  now(state: AppState): void;
}

/** Runs a function once the next frame has painted; returns its cancel (shell/after-paint.ts). */
export type WaitForPaint = (run: () => void) => () => void;

/** Decides, change by change, what React draws and when (see the module comment). */
export class DrawSchedule {
  /** What the last commit drew. */
  private drawn: AppState;
  /** Each whole state handed to React, numbered in the order handed (later ones hold all text of earlier ones). */
  private readonly wholeNumbers = new WeakMap<AppState, number>();
  /** How many whole states have been handed to React. */
  private wholesHanded = 0;
  /**
   * Text was held back when `wholesHanded` was this: a commit of any whole state handed after it (numbered above
   * it) draws that text. Undefined when no text is owed. While a reply streams, React commits states that newer
   * text has already superseded, so waiting for the newest one to be drawn would leave text owed for as long as
   * the stream runs, and every other card would be drawn whole.
   */
  private owedAfter: number | undefined;
  /** Cancels the wait for the paint after which the held text is handed over; undefined when none waits. */
  private cancelWait: (() => void) | undefined;

  /**
   * @param getState the store's current state.
   * @param target how a state reaches React.
   * @param waitForPaint shell/after-paint.ts's `afterPaint` in the app.
   * @param drawn what is on screen now (the last commit's state).
   */
  constructor(
    private readonly getState: () => AppState,
    private readonly target: DrawTarget,
    private readonly waitForPaint: WaitForPaint,
    drawn: AppState,
  ) {
    this.drawn = drawn;
  }

  /** React committed `state` (called from a layout effect, so before that frame paints). */
  committed(state: AppState): void {
    this.drawn = state;
    const number = this.wholeNumbers.get(state);
    if (this.owedAfter !== undefined && number !== undefined && number > this.owedAfter) this.owedAfter = undefined;
  }

  /** The store changed; `change` is changeOf's verdict on it. */
  changed(change: StoreChange): void {
    const next = this.getState();
    if (change === 'low') {
      // Text that comes while a card waits for its paint goes with the rest after it.
      if (!this.cancelWait) this.whole(next, 'later');
      return;
    }
    if (change === 'urgentExceptText' && this.owedAfter === undefined && sameApartFromText(this.drawn.sessions, next.sessions)) {
      this.owedAfter = this.wholesHanded;
      this.target.now({ ...next, sessions: this.drawn.sessions });
      this.cancelWait ??= this.waitForPaint(() => {
        this.cancelWait = undefined;
        this.whole(this.getState(), 'later');
      });
      return;
    }
    this.stopWaiting();
    this.whole(next, 'now');
  }

  /** Stops the wait for a paint, if any (the component went away). */
  dispose(): void {
    this.stopWaiting();
  }

  private whole(state: AppState, when: 'now' | 'later'): void {
    this.wholesHanded += 1;
    this.wholeNumbers.set(state, this.wholesHanded);
    this.target[when](state);
  }

  private stopWaiting(): void {
    this.cancelWait?.();
    this.cancelWait = undefined;
  }
}

/**
 * Whether two session lists are the same sessions with the same fields apart from their transcripts. The reducer
 * keeps every other field's value when it applies transcript events (store.ts), so references are compared.
 */
function sameApartFromText(drawn: SessionView[], next: SessionView[]): boolean {
  if (drawn.length !== next.length) return false;
  return drawn.every((session, i) => {
    const other = next[i];
    if (session === other) return true;
    const keys = Object.keys(session) as Array<keyof SessionView>;
    return keys.length === Object.keys(other).length && keys.every((key) => key === 'transcript' || session[key] === other[key]);
  });
}
