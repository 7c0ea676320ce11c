/**
 * The command line Switchboard shows for a terminal sign-in method (the user copies it into a terminal; it is
 * never run here). The method's arguments and environment come from the agent, so whatever could make the
 * pasted line do more than start the agent is refused with a sentence instead of shown.
 */
import { MAX_SIGN_IN_COMMAND_CHARS } from '../budgets';
import type { LaunchSpec } from './agent-process';

/** What a shell accepts as a variable name: anything else (`X=1; curl … | sh; Y`) would be shell syntax. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Variables that make the dynamic loader run code from a path of the agent's choosing before the agent's
 * own program: a sign-in has no need for them.
 */
const LOADER_VARIABLE = /^(LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_.*)$/;
/** C0 and C1 control characters: a newline ends the command early; escapes can hide text in a terminal. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The command to show, or why the method is refused (one sentence naming the agent). */
export type TerminalSignIn = { command: string } | { refused: string };

/**
 * Builds the POSIX shell line for a terminal sign-in: the environment in front, then the agent's command and
 * arguments and the method's, each word quoted when it needs it.
 * @param agentName the configured name, for the refusal sentence.
 * @returns `refused` when an environment name is not a shell variable name or is a loader variable, when
 *   any part holds a control character, or when the line would be longer than {@link MAX_SIGN_IN_COMMAND_CHARS}.
 */
export function terminalSignIn(agentName: string, launch: LaunchSpec, terminal: { args: string[]; env: Record<string, string>; tooLong?: true }): TerminalSignIn {
  const refused = (why: string) => ({ refused: `${agentName}'s terminal sign-in was refused: ${why}.` });
  const tooLong = () => refused(`its command is longer than ${MAX_SIGN_IN_COMMAND_CHARS} characters, too long to read before running it`);
  // Its own words were already longer than that where the agent's data is read (auth-methods.ts), and left there.
  if (terminal.tooLong) return tooLong();
  const names = Object.keys(terminal.env);
  // The name itself is not quoted back: it is the agent's text and may hold anything.
  if (names.some((name) => !ENV_NAME.test(name))) return refused('it asks to set an environment variable under a name no shell accepts');
  const loader = names.find((name) => LOADER_VARIABLE.test(name));
  if (loader) return refused(`it asks to set ${loader}, which would make the command load code from elsewhere`);
  const words = [...Object.values(terminal.env), launch.command, ...launch.args, ...terminal.args];
  if (words.some((word) => CONTROL.test(word))) return refused('its command holds control characters (such as a line break)');
  const quote = (word: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
  const env = Object.entries(terminal.env).map(([name, value]) => `${name}=${quote(value)}`);
  const command = [...env, ...[launch.command, ...launch.args, ...terminal.args].map(quote)].join(' ');
  if (command.length > MAX_SIGN_IN_COMMAND_CHARS) return tooLong();
  return { command };
}
