/**
 * The composers' unsent texts, kept by the app per session so switching sessions or agents loses nothing, and
 * the session whose composer takes focus next (a notice's "Tell the agent why…").
 */
export interface ComposerDrafts {
  /** The unsent text of a session's composer ('' when none). */
  text(sessionKey: string): string;
  /** Sets it, or derives it from the previous text. */
  setText(sessionKey: string, text: string | ((previous: string) => string)): void;
  /** A session whose composer should take focus once it shows, until `composed` is called. */
  composeFor: string | null;
  composed(): void;
}
