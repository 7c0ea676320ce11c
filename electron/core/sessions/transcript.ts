/**
 * One session's transcript: turns normalised session updates into entries, and reports each change as
 * the smallest bridge event that carries it (whole entries when they appear or change shape, appended
 * text while a message streams; architecture rule 6).
 */
import { randomUUID } from 'node:crypto';
import type { PlanEntryView, TerminalView, ToolCallView, ToolContentView, TranscriptAppend, TranscriptEntry } from '../../../shared/views/transcript';
import { MAX_TRANSCRIPT_CHARS, MAX_TRANSCRIPT_ENTRIES } from '../budgets';
import { capAppendedDiffs, diffChars, MAX_TOOL_CALL_DIFF_CHARS } from '../acp/session-updates';

/** Receives every change: whole entries (new or replaced) and text appended to existing ones. */
export type TranscriptSink = (upserts: TranscriptEntry[], appends: TranscriptAppend[]) => void;

type StreamKind = 'message' | 'thought' | 'user';

export class Transcript {
  /** The entry streamed text goes to, per kind, and the agent's `messageId` for it when it sends one. */
  private open: Record<StreamKind, { entryId: string; messageId?: string } | undefined> = { message: undefined, thought: undefined, user: undefined };
  private readonly toolCallEntries = new Map<string, string>();
  /** Tool calls whose last status was `pending`/`in_progress` (or none yet): those a turn's end closes. */
  private readonly unfinished = new Set<string>();
  private planEntryId?: string;
  /** Index of each entry by id: entries are only ever appended or replaced in place, never removed. */
  private readonly indexById = new Map<string, number>();
  /** Characters held (text and every string an entry's details carry, see {@link entryChars}), for MAX_TRANSCRIPT_CHARS. */
  private chars = 0;
  private full = false;
  private readonly terminalEntries = new Map<string, string>();

  /**
   * @param entries the session's entries, appended to in place (the hub's snapshot reads them).
   * @param overBudget told once, with the clause for "Switchboard stopped <agent>: …", when the agent's
   *   output would take the transcript past MAX_TRANSCRIPT_ENTRIES or MAX_TRANSCRIPT_CHARS; from then on
   *   nothing more is kept (what is there stays readable).
   */
  constructor(
    readonly entries: TranscriptEntry[],
    private readonly sink: TranscriptSink,
    private readonly overBudget: (clause: string) => void = () => {},
  ) {
    entries.forEach((entry, index) => this.indexById.set(entry.entryId, index));
  }

  /** Whether `chars` more characters (and `entries` more entries) still fit, and counts them; says so once when not. */
  private fits(chars: number, entries: number): boolean {
    if (this.full) return false;
    if (this.entries.length + entries <= MAX_TRANSCRIPT_ENTRIES && this.chars + chars <= MAX_TRANSCRIPT_CHARS) {
      this.chars += chars;
      return true;
    }
    this.full = true;
    this.overBudget(
      this.entries.length + entries > MAX_TRANSCRIPT_ENTRIES
        ? `a session's transcript grew past ${MAX_TRANSCRIPT_ENTRIES} entries`
        : `a session's transcript grew past ${MAX_TRANSCRIPT_CHARS / (1024 * 1024)} MiB of text`,
    );
    return false;
  }

  /** The user's own prompt (and the names of what it carried); it also ends whatever the agent was streaming. */
  user(text: string, attachments: string[] = []): void {
    this.endStreams();
    this.add({ role: 'user', text, ...(attachments.length ? { attachments } : {}) });
  }

  /** A display terminal: one entry per terminal, replaced as it changes. */
  terminal(terminal: TerminalView): void {
    const text = terminal.command ? `Terminal: ${terminal.command}` : 'Terminal';
    const entryId = this.terminalEntries.get(terminal.terminalId);
    const index = entryId ? this.indexOf(entryId) : -1;
    if (index >= 0) return this.replace(index, { role: 'agent', kind: 'terminal', text, terminal });
    this.endStreams();
    this.terminalEntries.set(terminal.terminalId, this.add({ role: 'agent', kind: 'terminal', text, terminal }).entryId);
  }

  /** A line from Switchboard itself (an error, a file the agent read). */
  system(text: string, kind: TranscriptEntry['kind'] = 'message'): void {
    this.add({ role: 'system', text, ...(kind === 'message' ? {} : { kind }) });
  }

  /** Streamed agent text or thought. A new `messageId` starts a new entry; chunks of one message join. */
  stream(kind: StreamKind, text: string, messageId?: string): void {
    const open = this.open[kind];
    const index = open && (messageId === undefined || messageId === open.messageId) ? this.indexOf(open.entryId) : -1;
    if (index < 0) {
      // A replayed user message ends the agent's streams, as a live prompt does.
      if (kind === 'user') this.open = { message: undefined, thought: undefined, user: undefined };
      else this.open.user = undefined;
      const entry = this.add({ role: kind === 'user' ? 'user' : 'agent', text, ...(kind === 'thought' ? { kind: 'thought' as const } : {}) });
      this.open[kind] = { entryId: entry.entryId, messageId };
      return;
    }
    if (!this.fits(text.length, 0)) return;
    const entry = this.entries[index];
    this.entries[index] = { ...entry, text: entry.text + text };
    this.sink([], [{ entryId: entry.entryId, text }]);
  }

  /**
   * Creates or updates a tool call's entry. An update for a tool call never announced creates it (agents
   * are not always orderly); `content` replaces the content, `appendContent` adds to it.
   * @returns the tool call as it now stands.
   */
  toolCall(toolCallId: string, fields: Partial<Omit<ToolCallView, 'toolCallId' | 'content'>>, content?: ToolContentView[], appendContent?: ToolContentView[]): ToolCallView {
    const entryId = this.toolCallEntries.get(toolCallId);
    const index = entryId ? this.indexOf(entryId) : -1;
    const previous: ToolCallView = index >= 0 ? this.entries[index].toolCall! : { toolCallId, title: 'Tool call', content: [], locations: [] };
    const base = content ?? previous.content;
    // Appended pieces share the tool call's diff budget with what it already holds (each was cut on its own).
    const appended = appendContent && capAppendedDiffs(appendContent, MAX_TOOL_CALL_DIFF_CHARS - diffChars(base));
    const toolCall: ToolCallView = {
      ...previous,
      ...fields,
      content: capContent(base, appended),
      locations: fields.locations ?? previous.locations,
    };
    // A status the agent sends after all says more than our "ended" note.
    if (fields.status !== undefined) delete toolCall.ended;
    if (isUnfinished(toolCall.status) && toolCall.ended === undefined) this.unfinished.add(toolCallId);
    else this.unfinished.delete(toolCallId);
    const entry: Omit<TranscriptEntry, 'entryId'> = { role: 'agent', kind: 'tool_call', text: toolCallSummary(toolCall), toolCall };
    if (index >= 0) {
      this.replace(index, entry);
    } else {
      this.endStreams();
      this.toolCallEntries.set(toolCallId, this.add(entry).entryId);
    }
    return toolCall;
  }

  /**
   * Marks tool call `toolCallId` as one the user refused permission for (ToolCallView.rejectedByUser); a no-op when
   * this transcript has no such tool call (one is never created for it).
   */
  rejectedByUser(toolCallId: string): void {
    if (this.findToolCall(toolCallId)) this.toolCall(toolCallId, { rejectedByUser: true });
  }

  /** The tool call `toolCallId` as last described, or undefined when this transcript has none by that id. */
  findToolCall(toolCallId: string): ToolCallView | undefined {
    const entryId = this.toolCallEntries.get(toolCallId);
    const index = entryId ? this.indexOf(entryId) : -1;
    return index >= 0 ? this.entries[index].toolCall : undefined;
  }

  /**
   * The agent's current plan: one entry per session, replaced as the plan changes. `notShown` counts the steps
   * past MAX_PLAN_STEPS that were dropped (acp/session-updates.ts).
   */
  plan(entries: PlanEntryView[], notShown = 0): void {
    const steps = entries.length + notShown;
    const text = `Plan: ${steps} step${steps === 1 ? '' : 's'}`;
    const fields: Omit<TranscriptEntry, 'entryId'> = { role: 'agent', kind: 'plan', text, plan: entries, ...(notShown > 0 ? { planStepsNotShown: notShown } : {}) };
    const index = this.planEntryId ? this.indexOf(this.planEntryId) : -1;
    if (index >= 0) return this.replace(index, fields);
    this.planEntryId = this.add(fields).entryId;
  }

  /** An update Switchboard does not know, kept and shown generically. */
  other(sessionUpdate: string, summary: string): void {
    this.add({ role: 'system', kind: 'other', text: `${sessionUpdate}: ${summary}` });
  }

  /**
   * A request of this session and how it stands: added where it was asked, under its own
   * `entryId`, and replaced in place as it changes (answered, declined, withdrawn…). Later text starts after it.
   */
  request(entryId: string, fields: Omit<TranscriptEntry, 'entryId'>): void {
    const index = this.indexOf(entryId);
    if (index >= 0) return this.replace(index, fields);
    this.endStreams();
    if (!this.fits(entryChars(fields), 1)) return;
    this.indexById.set(entryId, this.entries.length);
    const entry: TranscriptEntry = { entryId, ...fields };
    this.entries.push(entry);
    this.sink([entry], []);
  }

  /** A notice the agent wants shown. */
  notice(text: string): void {
    this.add({ role: 'system', kind: 'notice', text });
  }

  /**
   * The turn ended (or its connection went away, or a replay finished): every tool call still
   * `pending`/`in_progress` is shown as ended with `reason` ("stopped", "agent disconnected"), so none
   * stays "in progress" for ever.
   */
  endToolCalls(reason: string): void {
    for (const toolCallId of this.unfinished) {
      const entryId = this.toolCallEntries.get(toolCallId);
      const index = entryId ? this.indexOf(entryId) : -1;
      if (index < 0) continue;
      const toolCall: ToolCallView = { ...this.entries[index].toolCall!, ended: reason };
      this.replace(index, { role: 'agent', kind: 'tool_call', text: toolCallSummary(toolCall), toolCall });
    }
    this.unfinished.clear();
  }

  /** The turn ended: the next streamed text starts a new entry. */
  endStreams(): void {
    this.open = { message: undefined, thought: undefined, user: undefined };
  }

  private add(fields: Omit<TranscriptEntry, 'entryId'>): TranscriptEntry {
    const entry: TranscriptEntry = { entryId: `entry-${randomUUID()}`, ...fields };
    // Over budget, the entry is not kept: callers only read its id, which then names nothing.
    if (!this.fits(entryChars(fields), 1)) return entry;
    this.indexById.set(entry.entryId, this.entries.length);
    this.entries.push(entry);
    this.sink([entry], []);
    return entry;
  }

  /** Replaces an entry in place; when the new one holds more and that would not fit, the old one stays. */
  private replace(index: number, fields: Omit<TranscriptEntry, 'entryId'>): void {
    const growth = entryChars(fields) - entryChars(this.entries[index]);
    if (growth > 0 && !this.fits(growth, 0)) return;
    if (growth < 0) this.chars += growth;
    const entry: TranscriptEntry = { entryId: this.entries[index].entryId, ...fields };
    this.entries[index] = entry;
    this.sink([entry], []);
  }

  private indexOf(entryId: string): number {
    return this.indexById.get(entryId) ?? -1;
  }
}

/**
 * Characters an entry holds, as counted against MAX_TRANSCRIPT_CHARS: its text and every string its details
 * carry (a tool call's id, title, kind, status, content, diffs and paths; a plan's steps; a terminal's output). Counting only
 * `text` let 100 tool calls of 4 MiB content each hold 440 MB on main under a 32 MiB budget.
 */
export function entryChars(entry: Omit<TranscriptEntry, 'entryId'>): number {
  let chars = entry.text.length;
  const { toolCall, plan, terminal, request } = entry;
  if (toolCall) {
    // The id too: an agent picks it, and 20 000 tool calls with 4 MiB ids each once counted as nothing.
    chars += toolCall.toolCallId.length + toolCall.title.length + (toolCall.toolKind?.length ?? 0) + (toolCall.status?.length ?? 0);
    for (const item of toolCall.content) chars += contentChars(item);
    for (const location of toolCall.locations) chars += location.path.length;
  }
  for (const step of plan ?? []) chars += step.content.length;
  if (terminal) chars += terminal.output.length + (terminal.command?.length ?? 0) + (terminal.cwd?.length ?? 0);
  if (request) {
    chars += request.message.length;
    for (const field of request.fields ?? []) chars += field.title.length + (field.answer?.length ?? 0);
  }
  return chars;
}

function contentChars(item: ToolContentView): number {
  switch (item.type) {
    case 'text':
      return item.text.length;
    case 'diff':
      return item.path.length + (item.oldText?.length ?? 0) + (item.newText?.length ?? 0) + (item.patch?.length ?? 0);
    case 'terminal':
      return item.terminalId.length;
    case 'other':
      return item.label.length;
  }
}

/** Content items kept per tool call; an agent could otherwise send unbounded lists. */
const MAX_TOOL_CONTENT = 200;

function capContent(base: ToolContentView[], extra: ToolContentView[] = []): ToolContentView[] {
  if (base.length >= MAX_TOOL_CONTENT) return base; // already full: further chunks are not kept
  const all = extra.length ? base.concat(extra) : base;
  if (all.length <= MAX_TOOL_CONTENT) return all;
  return [...all.slice(0, MAX_TOOL_CONTENT - 1), { type: 'other', label: `${all.length - MAX_TOOL_CONTENT + 1} more items not shown` }];
}

/** `pending`, `in_progress`, or no status yet: the tool call may still finish. */
function isUnfinished(status: string | undefined): boolean {
  return status === undefined || status === 'pending' || status === 'in_progress';
}

export function toolCallSummary(toolCall: ToolCallView): string {
  if (toolCall.ended) return `${toolCall.title} (${toolCall.ended})`;
  if (toolCall.rejectedByUser && toolCall.status === 'failed') return `${toolCall.title} (rejected by you)`;
  return toolCall.status ? `${toolCall.title} (${toolCall.status.replaceAll("_", " ")})` : toolCall.title;
}

/**
 * A stored transcript of a session that is live now, as history shows it: nothing is marked ended (its tool
 * calls may still finish), and a request stored as `open` whose entry id is in `waitingEntryIds` (its card is
 * in this run's queue) reads as waiting. An `open` request from an earlier run (the session was resumed after
 * Switchboard closed) is not waiting: nothing can answer it now, so it keeps its stored outcome.
 */
export function liveEntries(entries: TranscriptEntry[], waitingEntryIds: ReadonlySet<string>): TranscriptEntry[] {
  return entries.map((entry) =>
    entry.request?.outcome === 'open' && waitingEntryIds.has(entry.entryId) ? { ...entry, request: { ...entry.request, waiting: true } } : entry,
  );
}

/**
 * A stored transcript as history shows it: tool calls that never finished are marked ended with
 * `reason`, since nothing will finish them now. Only for a session that is not live
 * ({@link liveEntries}).
 */
export function endedEntries(entries: TranscriptEntry[], reason: string): TranscriptEntry[] {
  return entries.map((entry) => {
    const toolCall = entry.toolCall;
    if (entry.kind !== 'tool_call' || !toolCall || toolCall.ended || !isUnfinished(toolCall.status)) return entry;
    const ended = { ...toolCall, ended: reason };
    return { ...entry, text: toolCallSummary(ended), toolCall: ended };
  });
}
