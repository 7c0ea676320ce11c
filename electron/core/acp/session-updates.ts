/**
 * `session/update` in one shape for both protocol versions, so version differences stay in `acp/`.
 *
 * v1 and v2 name some updates differently (`tool_call` only in v1; `plan` vs `plan_update`; v2 adds
 * whole `agent_message`s, `state_update`, `tool_call_content_chunk`) and shape diffs differently (v1
 * `oldText`/`newText`, v2 `changes` + optional `patch`). Input is untrusted: every field is checked, and
 * anything unrecognised becomes an `unknown` update that the UI shows generically instead of crashing. Every
 * string and list kept is cut to a named bound below (or session-setup.ts's); the transcript budget bounds the rest.
 */
import type { CommandView, ConfigOptionView, UsageView } from '../../../shared/views/sessions';
import type { PlanEntryView, ToolCallView, ToolContentView } from '../../../shared/views/transcript';
import { commands as commandList, configOptions, MAX_LABEL_CHARS, oneLineLabel, usage } from './session-setup';
import { cutText } from '../../../shared/cut-text';
import { MAX_PLAN_STEP_CHARS, MAX_PLAN_STEPS } from '../budgets';

/** Lines of one side of a diff kept for display; the rest is counted, not shown. */
export const MAX_DIFF_LINES = 2000;
/**
 * Characters of diff text kept per tool call, every side of every diff in it together: per update that sets its
 * content, and across the v2 chunks that add to it (the transcript cuts those, {@link capAppendedDiffs}); the lines past
 * it are counted ("N more lines not shown"), not kept. 512 Ki characters is both sides of a 2 000-line file of 130-character
 * lines. Lines bound the count, not the length: 4 tool calls each with a 1 000-line diff of 3.5 KB lines (28 MB, under
 * the transcript budget) stalled the renderer 11.9 s and took 1.26 GB of its heap.
 */
export const MAX_TOOL_CALL_DIFF_CHARS = 512 * 1024;
/** Characters of an unknown update kept for its generic display. */
const UNKNOWN_SUMMARY_CHARS = 400;
/** Characters kept of a tool call's title: a sentence or two, sometimes quoting a command (a session's title is a label, MAX_LABEL_CHARS). */
export const MAX_TITLE_CHARS = 1000;
/** Characters kept of an agent's error message or notice: a paragraph a user reads, not a log. */
export const MAX_MESSAGE_CHARS = 4000;
/** Characters kept of a path (a tool call's location, a diff's file) or a terminal's command: past Linux's PATH_MAX (4096). */
export const MAX_PATH_CHARS = 4096;
/**
 * Locations kept per tool call: a tool call touches a few files, and the card lists them. Each costs memory on main
 * and a row in the renderer even with an empty path, which the transcript budget (characters) does not see.
 */
export const MAX_TOOL_LOCATIONS = 100;

/** One session update, normalised. */
export type NormalizedUpdate =
  | { kind: 'agent_text'; text: string; messageId?: string }
  | { kind: 'thought_text'; text: string; messageId?: string }
  /** The user's own message: an echo of our prompt while live, the conversation itself in a replay. */
  | { kind: 'user_text'; text: string; messageId?: string }
  | { kind: 'tool_call'; toolCallId: string; fields: Partial<Omit<ToolCallView, 'toolCallId' | 'content'>>; content?: ToolContentView[]; appendContent?: ToolContentView[] }
  /** `notShown`: steps past MAX_PLAN_STEPS, counted and dropped. */
  | { kind: 'plan'; entries: PlanEntryView[]; notShown: number }
  | { kind: 'commands'; commands: CommandView[] }
  /** v1 `current_mode_update`. */
  | { kind: 'mode'; currentModeId: string }
  /** `config_option_update`: the full list, replacing the last one. */
  | { kind: 'config_options'; configOptions: ConfigOptionView[] }
  /** `usage_update`; `cost` undefined leaves the last cost, `null` clears it (v2 schema). */
  | { kind: 'usage'; used: number; size: number; cost?: UsageView['cost'] | null }
  /** v2 `terminal_update`: fields present are set; `output` (decoded bytes) replaces the output. */
  | { kind: 'terminal'; terminalId: string; command?: string; cwd?: string; output?: Uint8Array; exitStatus?: { exitCode?: number; signal?: string } }
  /** v2 `terminal_output_chunk`: bytes appended to the terminal's output. */
  | { kind: 'terminal_output'; terminalId: string; data: Uint8Array }
  | { kind: 'session_info'; title?: string }
  | { kind: 'state'; state: string; stopReason?: string; error?: string }
  | { kind: 'notice'; text: string }
  /** Known kinds with nothing to show (the agent echoing our own prompt). */
  | { kind: 'ignored' }
  | { kind: 'unknown'; sessionUpdate: string; summary: string };

type Json = Record<string, unknown>;

const IGNORED = new Set<string>([
]);

/**
 * Base64 characters decoded from one terminal update or chunk: 4 MiB of text is more than any display
 * terminal shows at once; the session keeps only the tail of the output anyway (MAX_TERMINAL_OUTPUT_BYTES).
 */
export const MAX_TERMINAL_BASE64_CHARS = 4 * 1024 * 1024;

/** Normalises one `update` object from `session/update` (v1 or v2). Never throws. */
export function normalizeSessionUpdate(update: Json): NormalizedUpdate {
  const kind = typeof update.sessionUpdate === 'string' ? update.sessionUpdate : '';
  switch (kind) {
    case 'user_message_chunk':
    case 'user_message': {
      const text = contentText(update.content);
      return text === undefined ? { kind: 'ignored' } : { kind: 'user_text', text, messageId: str(update.messageId) };
    }
    case 'agent_message_chunk':
    case 'agent_message':
    case 'agent_thought_chunk':
    case 'agent_thought': {
      const text = contentText(update.content);
      const messageId = str(update.messageId);
      if (text === undefined) return unknown(kind, update);
      return kind.startsWith('agent_thought') ? { kind: 'thought_text', text, messageId } : { kind: 'agent_text', text, messageId };
    }
    case 'tool_call':
    case 'tool_call_update':
      return toolCall(update);
    case 'tool_call_content_chunk': {
      const toolCallId = str(update.toolCallId);
      if (!toolCallId) return unknown(kind, update);
      return { kind: 'tool_call', toolCallId, fields: {}, appendContent: toolContent([update.content]) };
    }
    case 'plan':
    case 'plan_update':
      return { kind: 'plan', ...planEntries(kind === 'plan' ? update.entries : (update.plan as Json | undefined)?.entries) };
    case 'available_commands_update':
      return { kind: 'commands', commands: commandList(update.availableCommands) };
    case 'current_mode_update':
      return typeof update.currentModeId === 'string'
        ? { kind: 'mode', currentModeId: cutText(update.currentModeId, MAX_LABEL_CHARS) }
        : unknown(kind, update);
    case 'config_option_update':
      return Array.isArray(update.configOptions) ? { kind: 'config_options', configOptions: configOptions(update.configOptions) } : unknown(kind, update);
    case 'usage_update': {
      const fields = usage(update);
      return fields ? { kind: 'usage', ...fields } : unknown(kind, update);
    }
    case 'terminal_update': {
      const terminalId = str(update.terminalId);
      if (!terminalId) return unknown(kind, update);
      const output = isJson(update.output) ? base64Bytes(update.output.data) : undefined;
      const exit = isJson(update.exitStatus) ? update.exitStatus : undefined;
      return {
        kind: 'terminal',
        terminalId: terminalId.slice(0, MAX_LABEL_CHARS),
        ...(str(update.command) !== undefined ? { command: cutText(str(update.command)!, MAX_PATH_CHARS) } : {}),
        ...(str(update.cwd) !== undefined ? { cwd: cutText(str(update.cwd)!, MAX_PATH_CHARS) } : {}),
        ...(output ? { output } : {}),
        ...(exit
          ? {
              exitStatus: {
                ...(typeof exit.exitCode === 'number' ? { exitCode: exit.exitCode } : {}),
                ...(typeof exit.signal === 'string' ? { signal: exit.signal.slice(0, 40) } : {}),
              },
            }
          : {}),
      };
    }
    case 'terminal_output_chunk': {
      const terminalId = str(update.terminalId);
      const data = base64Bytes(update.data);
      return terminalId && data ? { kind: 'terminal_output', terminalId: terminalId.slice(0, MAX_LABEL_CHARS), data } : unknown(kind, update);
    }
    case 'session_info_update': {
      // The title names the session in tabs, cards' context and History (spec E-REQ-7): a label, not a text.
      const title = str(update.title);
      return { kind: 'session_info', title: title === undefined ? undefined : oneLineLabel(title) };
    }
    case 'state_update': {
      if (typeof update.state !== 'string') return unknown(kind, update);
      // A v2 turn that failed ends idle with `stopReason: "error"` and the error itself (e.g. -32000).
      const error = isJson(update.error) ? cut(str(update.error.message), MAX_MESSAGE_CHARS) : undefined;
      return { kind: 'state', state: cutText(update.state, MAX_LABEL_CHARS), stopReason: cut(str(update.stopReason), MAX_LABEL_CHARS), ...(error ? { error } : {}) };
    }
    case 'notice': {
      const title = str(update.title);
      const description = str(update.description);
      const text = cutText([title, description].filter(Boolean).join(': '), MAX_MESSAGE_CHARS);
      return text ? { kind: 'notice', text } : unknown(kind, update);
    }
    default:
      return IGNORED.has(kind) ? { kind: 'ignored' } : unknown(kind || '(no kind)', update);
  }
}

function toolCall(update: Json): NormalizedUpdate {
  const toolCallId = str(update.toolCallId);
  if (!toolCallId) return unknown(String(update.sessionUpdate), update);
  const fields: Partial<Omit<ToolCallView, 'toolCallId' | 'content'>> = {};
  const title = str(update.title) ?? str(update.name);
  if (title !== undefined) fields.title = cutText(title, MAX_TITLE_CHARS);
  if (str(update.kind) !== undefined) fields.toolKind = cutText(str(update.kind)!, MAX_LABEL_CHARS);
  if (str(update.status) !== undefined) fields.status = cutText(str(update.status)!, MAX_LABEL_CHARS);
  if (Array.isArray(update.locations)) {
    fields.locations = update.locations
      .filter((l): l is Json => isJson(l) && typeof l.path === 'string')
      .slice(0, MAX_TOOL_LOCATIONS)
      .map((l) => ({ path: cutText(l.path as string, MAX_PATH_CHARS), ...(Number.isFinite(l.line) ? { line: l.line as number } : {}) }));
  }
  // `content` on a tool call replaces its content (ACP: the full collection); absent leaves it as it is.
  const content = Array.isArray(update.content) ? toolContent(update.content) : undefined;
  return { kind: 'tool_call', toolCallId, fields, content };
}

function toolContent(items: unknown[]): ToolContentView[] {
  const budget: DiffBudget = { chars: MAX_TOOL_CALL_DIFF_CHARS };
  return items.filter(isJson).map((item): ToolContentView => {
    switch (item.type) {
      case 'content': {
        const text = contentText(item.content);
        return text !== undefined ? { type: 'text', text } : { type: 'other', label: blockLabel(item.content) };
      }
      case 'diff':
        return diff(item, budget);
      case 'terminal':
        return { type: 'terminal', terminalId: cutText(str(item.terminalId) ?? '', MAX_LABEL_CHARS) };
      default:
        return { type: 'other', label: `${cutText(String(item.type ?? 'unknown'), MAX_LABEL_CHARS)} content` };
    }
  });
}

/** v1: `{path, oldText?, newText}`; v2: `{changes: [{operation, path…}], patch?: {format, text}}`. */
function diff(item: Json, budget: DiffBudget): ToolContentView {
  if (typeof item.path === 'string') {
    const [oldSide, newSide] = capLines([str(item.oldText), str(item.newText)], budget);
    return {
      type: 'diff',
      path: cutText(item.path, MAX_PATH_CHARS),
      ...(oldSide.text !== undefined ? { oldText: oldSide.text } : {}),
      ...(newSide.text !== undefined ? { newText: newSide.text } : {}),
      ...(oldSide.dropped + newSide.dropped ? { truncatedLines: oldSide.dropped + newSide.dropped } : {}),
    };
  }
  const changes = Array.isArray(item.changes) ? item.changes.filter(isJson) : [];
  const paths = changes
    .slice(0, MAX_TOOL_LOCATIONS)
    .map((c) => str(c.path) ?? str(c.newPath) ?? str(c.oldPath))
    .filter((p): p is string => Boolean(p))
    .map((p) => cutText(p, MAX_PATH_CHARS));
  const [patch] = capLines([isJson(item.patch) ? str(item.patch.text) : undefined], budget);
  return {
    type: 'diff',
    path: cutText(paths.join(', '), MAX_PATH_CHARS) || '(no path)',
    ...(patch.text !== undefined ? { patch: patch.text } : {}),
    ...(patch.dropped ? { truncatedLines: patch.dropped } : {}),
  };
}

/** Characters of diff text in `items` (every side of every diff), as counted against {@link MAX_TOOL_CALL_DIFF_CHARS}. */
export function diffChars(items: readonly ToolContentView[]): number {
  let chars = 0;
  for (const item of items) if (item.type === 'diff') chars += (item.oldText?.length ?? 0) + (item.newText?.length ?? 0) + (item.patch?.length ?? 0);
  return chars;
}

/**
 * Content a tool call gains in pieces (v2 `tool_call_content_chunk`, each already cut here on its own), cut again to
 * the `chars` of diff text the tool call has left: {@link MAX_TOOL_CALL_DIFF_CHARS} is the tool call's budget, not
 * each piece's (a fresh budget per chunk let one tool call hold a 512 Ki diff per chunk).
 * Whole lines, the sides kept alike, as {@link capLines} does; the lines left out join each diff's `truncatedLines`.
 * Returns `items` itself when everything fits.
 */
export function capAppendedDiffs(items: ToolContentView[], chars: number): ToolContentView[] {
  if (diffChars(items) <= chars) return items;
  const budget: DiffBudget = { chars: Math.max(0, chars) };
  return items.map((item): ToolContentView => {
    if (item.type !== 'diff') return item;
    const sides = item.patch !== undefined ? [item.patch] : [item.oldText, item.newText];
    const cut = capLines(sides, budget);
    const dropped = (item.truncatedLines ?? 0) + cut.reduce((sum, side) => sum + side.dropped, 0);
    const { oldText: _old, newText: _new, patch: _patch, truncatedLines: _lines, ...rest } = item;
    return {
      ...rest,
      ...(item.patch !== undefined
        ? { patch: cut[0].text }
        : { ...(cut[0].text !== undefined ? { oldText: cut[0].text } : {}), ...(cut[1].text !== undefined ? { newText: cut[1].text } : {}) }),
      ...(dropped ? { truncatedLines: dropped } : {}),
    };
  });
}

/** Characters of diff text one tool call update may still keep (see {@link MAX_TOOL_CALL_DIFF_CHARS}). */
interface DiffBudget {
  chars: number;
}

/**
 * The first lines of each side of a diff, the same number on every side so the sides still line up: at most
 * {@link MAX_DIFF_LINES}, and no more than the characters left in `budget` (which they use up). A line is kept
 * whole or not at all; the lines left out are counted (0 when a side was kept whole).
 */
function capLines(sides: Array<string | undefined>, budget: DiffBudget): Array<{ text?: string; dropped: number }> {
  const ends = sides.map(() => 0);
  let used = 0;
  for (let line = 0; line < MAX_DIFF_LINES; line++) {
    const next = sides.map((text, i) => (text === undefined || ends[i] >= text.length ? ends[i] : lineEnd(text, ends[i])));
    const more = next.reduce((sum, end, i) => sum + end - ends[i], 0);
    if (more === 0 || used + more > budget.chars) break;
    used += more;
    next.forEach((end, i) => (ends[i] = end));
  }
  budget.chars -= used;
  return sides.map((text, i) => {
    if (text === undefined) return { dropped: 0 };
    if (ends[i] >= text.length) return { text, dropped: 0 };
    const kept = text.slice(0, ends[i]);
    return { text: kept.endsWith('\n') ? kept.slice(0, -1) : kept, dropped: countLines(text, ends[i]) };
  });
}

/** Index just past the line starting at `start` (past its newline, or the end of the text). */
function lineEnd(text: string, start: number): number {
  const newline = text.indexOf('\n', start);
  return newline < 0 ? text.length : newline + 1;
}

/** Lines in `text` from `start` on: a final line without a newline counts, an empty one after it does not. */
function countLines(text: string, start: number): number {
  let lines = 0;
  for (let at = start; at < text.length; at = lineEnd(text, at)) lines++;
  return lines;
}

/**
 * The steps of a plan the UI can draw: at most MAX_PLAN_STEPS, each cut to MAX_PLAN_STEP_CHARS (its priority and
 * status, words of the schema's enums, to MAX_LABEL_CHARS); the steps past the limit are only counted.
 */
function planEntries(entries: unknown): { entries: PlanEntryView[]; notShown: number } {
  if (!Array.isArray(entries)) return { entries: [], notShown: 0 };
  const steps = entries.filter((e): e is Json => isJson(e) && typeof e.content === 'string');
  const kept = steps.slice(0, MAX_PLAN_STEPS).map((e) => {
    const priority = str(e.priority);
    const status = str(e.status);
    return {
      content: cutText(e.content as string, MAX_PLAN_STEP_CHARS),
      ...(priority ? { priority: cutText(priority, MAX_LABEL_CHARS) } : {}),
      ...(status ? { status: cutText(status, MAX_LABEL_CHARS) } : {}),
    };
  });
  return { entries: kept, notShown: steps.length - kept.length };
}

/** Text of a content block, or of the text blocks of a list (v2 whole messages carry lists). */
function contentText(content: unknown): string | undefined {
  if (Array.isArray(content)) {
    const texts = content.map(contentText).filter((t): t is string => t !== undefined);
    return texts.length ? texts.join('') : undefined;
  }
  if (isJson(content) && content.type === 'text' && typeof content.text === 'string') return content.text;
  return undefined;
}

function blockLabel(content: unknown): string {
  return isJson(content) && typeof content.type === 'string' ? `${cutText(content.type, MAX_LABEL_CHARS)} content` : 'content';
}

function unknown(sessionUpdate: string, update: Json): NormalizedUpdate {
  let summary: string;
  try {
    summary = JSON.stringify(update);
  } catch {
    summary = '(unreadable)';
  }
  return { kind: 'unknown', sessionUpdate: cutText(sessionUpdate, MAX_LABEL_CHARS), summary: cutText(summary, UNKNOWN_SUMMARY_CHARS) };
}

/** Decoded base64 terminal bytes, or undefined when not a string; only the tail of an oversized string is decoded. */
function base64Bytes(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string') return undefined;
  // Keep the tail on a 4-character boundary so the decoded bytes stay aligned.
  const text = value.length > MAX_TERMINAL_BASE64_CHARS ? value.slice(Math.ceil((value.length - MAX_TERMINAL_BASE64_CHARS) / 4) * 4) : value;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `text` cut to `max` characters, or undefined when there is none. */
function cut(text: string | undefined, max: number): string | undefined {
  return text === undefined ? undefined : cutText(text, max);
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
