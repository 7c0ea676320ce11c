/**
 * What the composer suggests as the user types: the agent's slash commands when the
 * message starts with `/`, files of the session's folder after an `@`. Pure functions over the text and caret,
 * unit-tested in Node.
 */
import type { CommandView } from '../../../../shared/views/sessions';

/** The token being completed: a command name at the very start, or a file mention at the caret. */
export type Trigger = { kind: 'command'; query: string } | { kind: 'mention'; query: string; start: number; end: number };

/** Commands listed at once: a dropdown, not a catalogue. */
export const MAX_COMMAND_SUGGESTIONS = 50;

/** The trigger at `caret`, if any. A command only while its name is typed (no space yet). */
export function triggerAt(text: string, caret: number): Trigger | undefined {
  const command = /^\/(\S*)$/.exec(text.slice(0, caret));
  if (command && !/\s/.test(text.slice(0, caret))) return { kind: 'command', query: command[1] };
  const before = text.slice(0, caret);
  const mention = /(^|\s)@([^\s@]*)$/.exec(before);
  if (mention) {
    const start = before.length - mention[2].length - 1;
    const after = /^[^\s]*/.exec(text.slice(caret))?.[0] ?? '';
    return { kind: 'mention', query: mention[2], start, end: caret + after.length };
  }
  return undefined;
}

/** Commands whose name starts with the query first, then those containing it (names, then descriptions). */
export function matchCommands(commands: readonly CommandView[], query: string): CommandView[] {
  const q = query.toLowerCase();
  const starts = commands.filter((c) => c.name.toLowerCase().startsWith(q));
  const contains = commands.filter((c) => !starts.includes(c) && c.name.toLowerCase().includes(q));
  return [...starts, ...contains].slice(0, MAX_COMMAND_SUGGESTIONS);
}

/** The text after choosing a command: `/name ` (the caret goes after the space). */
export function applyCommand(name: string): string {
  return `/${name} `;
}

/** The text after choosing a file for a mention: `@path ` in place of the typed token. */
export function applyMention(text: string, trigger: Extract<Trigger, { kind: 'mention' }>, path: string): { text: string; caret: number } {
  const inserted = `@${path} `;
  const rest = text.slice(trigger.end).replace(/^ /, '');
  return { text: text.slice(0, trigger.start) + inserted + rest, caret: trigger.start + inserted.length };
}

/** The command the message names, with its input hint, while its input is still empty (the hint is shown). */
export function pendingHint(text: string, commands: readonly CommandView[]): { name: string; hint: string } | undefined {
  const match = /^\/(\S+)\s*$/.exec(text);
  const command = match && commands.find((c) => c.name === match[1]);
  return command?.hint ? { name: command.name, hint: command.hint } : undefined;
}
