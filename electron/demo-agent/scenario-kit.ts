/**
 * What every scenario shares: the {@link Scenario} shape the catalogue (scenarios.ts) lists, and the transcript
 * lines that say how a question ended. Scenarios only talk to a {@link TurnHost}, so the same code serves ACP v1
 * and v2.
 */
import type { DemoStopReason, ElicitOutcome, TurnHost } from './turn-host';

/** One thing the demo agent can do, advertised to the client as a command. */
export interface Scenario {
  /** Keyword (and command name): the prompt's first word selects it. */
  name: string;
  /** One line for the client's suggestion list. */
  description: string;
  /** The elicitation mode the client must have advertised for the scenario to run (none: runs anywhere). */
  needs?: 'form' | 'url';
  /** What to type after the command, when it takes input (the command's `input.hint`). */
  hint?: string;
  /** `text` is the whole prompt. */
  run(host: TurnHost, text: string): Promise<DemoStopReason>;
}

/** The transcript line for a finished question (spec wording the client's tests look for). */
export function describeOutcome(outcome: ElicitOutcome): string {
  switch (outcome.kind) {
    case 'accept':
      return `You accepted: ${JSON.stringify(outcome.content)}`;
    case 'decline':
      return 'You declined.';
    case 'cancel':
      return 'You cancelled.';
    case 'withdrawn':
      return 'I withdrew my question.';
    case 'turn-cancelled':
      return 'The turn was cancelled, so I withdrew my question.';
    case 'error':
      return `The client answered with an error (${outcome.code}): ${outcome.message}`;
  }
}

/** The transcript line for a finished URL question: `accept` is consent only. */
export function describeUrlOutcome(outcome: ElicitOutcome): string {
  switch (outcome.kind) {
    case 'accept':
      return 'You agreed to open the page.';
    case 'error':
      return `Switchboard refused: ${outcome.message}`;
    default:
      return describeOutcome(outcome);
  }
}

/** A delay as the transcript says it: whole seconds as `N s`, anything else as `N ms`. */
export function formatDelay(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
