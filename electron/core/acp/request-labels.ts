/**
 * Labels of our own pending requests to an agent, shown on the elicitations it sends while one is pending
 * (request-scoped, spec E-REQ-3), e.g. "while signing in". Plain data with no SDK import, so the hub (main thread)
 * and the connection (its worker) share them.
 */

/** Elicitations asked during a sign-in; the hub finds them by it when the user cancels the sign-in. */
export const SIGN_IN_LABEL = 'while signing in';
/** Elicitations asked during a prompt's turn; Stop on that turn ends them. */
export const PROMPT_LABEL = 'while answering your prompt';

/** The label for each of our request methods. */
export const REQUEST_LABELS: Readonly<Record<string, string>> = {
  authenticate: SIGN_IN_LABEL,
  'auth/login': SIGN_IN_LABEL,
  'session/prompt': PROMPT_LABEL,
  'session/new': 'while starting a session',
  'session/load': 'while loading a session',
  'session/resume': 'while resuming a session',
};
