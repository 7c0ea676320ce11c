import { Component, type ReactNode } from 'react';
import { cutText } from '../../../shared/cut-text';
import './ViewBoundary.css';

/** Characters of the error's own sentence shown: enough to report it, never a wall of text. */
const MAX_DETAIL_CHARS = 300;

interface ViewBoundaryProps {
  /** The part of the window, as the sentence's subject: "This agent’s sessions", "The requests", "This dialog". */
  what: string;
  /**
   * When this changes (another agent, session or view chosen), the part is drawn again by itself: what failed
   * was most often that one thing's data, and the user moving on should not meet the same sentence.
   */
  resetKey?: string;
  children: ReactNode;
}

interface ViewBoundaryState {
  /** The error's own sentence (`TypeError: …`), folded under "Details for a bug report"; null while the part draws. */
  failure: string | null;
  resetKey: string | undefined;
}

/**
 * Keeps a rendering error in one part of the window (a pane, the requests, a dialog) to that part: in its place a
 * plain sentence naming it, with Try again (draws it again) and Reload window. The sidebar, the other pane and every
 * agent keep working, and nothing is answered for the user (spec E-RES-3): main holds the queue, so a reload shows
 * every request again. React logs the error itself (its default `onCaughtError`); this adds no log of its own. Focus
 * lost with the part that failed is moved by the window's focus rescue (shell/focus-rescue.ts).
 */
export class ViewBoundary extends Component<ViewBoundaryProps, ViewBoundaryState> {
  override state: ViewBoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ViewBoundaryState> {
    return { failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }

  static getDerivedStateFromProps(props: ViewBoundaryProps, state: ViewBoundaryState): Partial<ViewBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failure: null };
  }

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    return (
      <div className="view-failed" role="alert">
        <p className="view-failed-title">{this.props.what} could not be drawn.</p>
        <p>Your agents keep running and their requests are kept. Try again, or reload the window to draw everything afresh.</p>
        <details className="view-failed-detail">
          <summary>Details for a bug report</summary>
          <p className="muted">{cutText(failure, MAX_DETAIL_CHARS)}</p>
        </details>
        <p className="view-failed-actions">
          <button type="button" className="button button-primary" onClick={() => this.setState({ failure: null })}>
            Try again
          </button>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload window
          </button>
        </p>
      </div>
    );
  }
}
