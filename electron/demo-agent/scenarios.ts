/**
 * The demo agent's scenarios, as the client sees them: the catalogue the help text and the command list show, and
 * how a prompt picks one by its first word (case-insensitive, a leading `/` allowed). Each streams what it does,
 * asks through `elicitation/create` (form or URL mode) or `session/request_permission`, and echoes the answer into
 * the transcript; the display scenarios show the rest of what a turn can carry (plan, thought, markdown, a diff).
 */
import { echo, links, plan, status, terminal } from './display-scenarios';
import { bad, form, long, request, secret, spoof, two, withdraw } from './form-scenarios';
import { permission } from './permission-scenario';
import type { Scenario } from './scenario-kit';
import type { DemoAccount } from './signin';
import { blocked, completeEarly, lookalike, url } from './url-scenarios';

/** Every scenario, in the order the help text and the command list show them. */
export const SCENARIOS: readonly Scenario[] = [
  form,
  two,
  withdraw,
  request,
  secret,
  bad,
  url,
  lookalike,
  blocked,
  completeEarly,
  permission,
  long,
  plan,
  status,
  terminal,
  echo,
  spoof,
  links,
];

/** The commands sent in `available_commands_update`: one per scenario. */
export function scenarioCommands(): Array<{ name: string; description: string; input?: { hint: string } }> {
  return SCENARIOS.map(({ name, description, hint }) => ({ name, description, ...(hint ? { input: { hint } } : {}) }));
}

/** The scenario a prompt selects by its first word (case-insensitive, `/form` works too), if any. */
export function pickScenario(text: string): Scenario | undefined {
  const first = text.trim().split(/\s+/, 1)[0] ?? '';
  const keyword = first
    .replace(/^\/+/, '')
    .replace(/[.,:;!?]+$/, '')
    .toLowerCase();
  return SCENARIOS.find((scenario) => scenario.name === keyword);
}

/** The help text for a prompt that names no scenario (with the sign-in status when `account` is given). */
export function helpText(account?: DemoAccount): string {
  const lines = SCENARIOS.map((scenario) => `- ${scenario.name}: ${scenario.description}`);
  return [
    "I'm the Switchboard demo agent. I don't think; I demonstrate how agents ask you things. Start a " +
      'prompt with one of these words:',
    ...lines,
    ...(account ? ['', account.status()] : []),
  ].join('\n');
}
