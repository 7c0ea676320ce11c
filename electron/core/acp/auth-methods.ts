/**
 * The sign-in methods an agent offers in its `initialize` result, read into one shape for both versions (v1 `id`
 * and an env object, v2 `methodId` and a list of `{name, value}`), bounded.
 */
import { cutText } from '../../../shared/cut-text';
import { MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS } from './session-setup';
import { MAX_SIGN_IN_COMMAND_CHARS } from '../budgets';

/** Sign-in methods kept from `initialize`: agents offer one to three; each is a menu item and is in every agent event. */
export const MAX_AUTH_METHODS = 20;

/** One sign-in method the agent offers. `terminal` when the user signs in by running a command. */
export interface AuthMethodInfo {
  methodId: string;
  name: string;
  description?: string;
  /**
   * The method's own arguments and environment. `tooLong` (lists empty) when together they are longer than the
   * longest command Switchboard shows, so main refuses the method without ever holding them (see {@link terminalOf}).
   */
  terminal?: { args: string[]; env: Record<string, string>; tooLong?: true };
}

/**
 * Sign-in methods from an `initialize` result's `authMethods`: at most {@link MAX_AUTH_METHODS}; a method without
 * an id, or with one longer than a label, is left out. A terminal method carries the extra arguments and
 * environment its login command needs.
 */
export function authMethodsOf(initializeResult: Record<string, unknown>): AuthMethodInfo[] {
  const methods = Array.isArray(initializeResult.authMethods) ? initializeResult.authMethods.slice(0, MAX_AUTH_METHODS) : [];
  return methods.flatMap((m: Record<string, unknown>) => {
    const methodId = typeof m?.methodId === 'string' ? m.methodId : typeof m?.id === 'string' ? m.id : undefined;
    // An id is sent back as it is, so it is never cut: one longer than a label is left out (the bridge takes no more).
    if (!methodId || methodId.length > MAX_LABEL_CHARS) return [];
    const name = cutText(typeof m.name === 'string' ? m.name : methodId, MAX_LABEL_CHARS);
    const info: AuthMethodInfo = { methodId, name, ...(typeof m.description === 'string' ? { description: cutText(m.description, MAX_DESCRIPTION_CHARS) } : {}) };
    if (m.type === 'terminal') info.terminal = terminalOf(m);
    return [info];
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * A terminal method's arguments and environment as they cross to main: whole while their words, one separator
 * each, add up to at most MAX_SIGN_IN_COMMAND_CHARS (the longest command line shown), else none of them and
 * `tooLong`, which main refuses with the same sentence as a long command (agents/terminal-sign-in.ts). Never cut: a cut
 * command would run something else. The agent chooses these lists' length, up to a whole `initialize` result.
 */
function terminalOf(method: Record<string, unknown>): NonNullable<AuthMethodInfo['terminal']> {
  const args = stringList(method.args);
  const env = envOf(method.env);
  let chars = 0;
  for (const word of args) chars += word.length + 1;
  for (const [name, value] of Object.entries(env)) chars += name.length + value.length + 2;
  return chars > MAX_SIGN_IN_COMMAND_CHARS ? { args: [], env: {}, tooLong: true } : { args, env };
}

function envOf(value: unknown): Record<string, string> {
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.filter((e): e is { name: string; value: string } => typeof e?.name === 'string' && typeof e?.value === 'string').map((e) => [e.name, e.value]),
    );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return {};
}
