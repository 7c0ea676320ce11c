/**
 * View types of a session's transcript: its entries, tool calls, plans and display terminals, and the text
 * streamed onto an entry. Main builds them from `session/update`; the session view draws them.
 */
import type { RequestRecordView } from './requests';

/** One line of a session transcript. Agent text arrives in chunks and is appended to the last agent entry. */
export interface TranscriptEntry {
  entryId: string;
  role: 'user' | 'agent' | 'system';
  /** Plain text: the message itself, or a one-line summary of a tool call, plan or other update. */
  text: string;
  /**
   * What the entry shows; absent means `message`. Agent messages are markdown, rendered without raw
   * HTML; `thought` is shown collapsed; `tool_call` and `plan` carry their details; `file_access` is the
   * visible log of a file the agent read or wrote; `other` is an update kind Switchboard does not know.
   */
  kind?: 'message' | 'thought' | 'tool_call' | 'plan' | 'notice' | 'file_access' | 'terminal' | 'other' | 'request';
  toolCall?: ToolCallView;
  plan?: PlanEntryView[];
  /** `plan`: steps the agent sent past the ones kept (electron/core/budgets.ts MAX_PLAN_STEPS), counted only. */
  planStepsNotShown?: number;
  /** `request`: a question the agent asked in this session and how it ended (history transcripts only). */
  request?: RequestRecordView;
  /** A v2 display terminal (`terminal_update` / `terminal_output_chunk`). */
  terminal?: TerminalView;
  /** What a user prompt carried besides its text (mentioned files, images, attachments), by name. */
  attachments?: string[];
}

/** A display-only terminal the agent runs and reports (ACP v2 `terminal_update`). */
export interface TerminalView {
  terminalId: string;
  command?: string;
  cwd?: string;
  /** The output as text, ANSI escapes kept for the renderer to colour; only the tail is kept. */
  output: string;
  /** Bytes of output dropped from the front to keep it bounded. */
  droppedBytes: number;
  exitStatus?: { exitCode?: number; signal?: string };
}

/** A tool call as the agent last described it. */
export interface ToolCallView {
  toolCallId: string;
  title: string;
  /** ACP `kind`: read, edit, delete, move, search, execute, think, fetch, other… */
  toolKind?: string;
  /** pending, in_progress, completed, failed, cancelled… (unknown values shown as they are). */
  status?: string;
  /**
   * The user answered this tool call's permission request with one of the agent's reject options (ACP
   * `reject_once` / `reject_always`). A `failed` that follows is the agent reporting that refusal, not an error:
   * ACP v1 has no other status for it, and a red "Failed" would misreport the user's own choice.
   */
  rejectedByUser?: boolean;
  content: ToolContentView[];
  locations: Array<{ path: string; line?: number }>;
  /**
   * Set when the tool call was still `pending`/`in_progress` as its turn ended, its connection was lost,
   * or it came from a replay or the history: why it will not finish ("stopped", "agent disconnected", …).
   */
  ended?: string;
}

/** One piece of a tool call's content. Diffs are capped for display; `truncatedLines` says how much was left out. */
export type ToolContentView =
  | { type: 'text'; text: string }
  | { type: 'diff'; path: string; oldText?: string; newText?: string; patch?: string; truncatedLines?: number }
  | { type: 'terminal'; terminalId: string }
  | { type: 'other'; label: string };

/** One step of an agent's plan. */
export interface PlanEntryView {
  content: string;
  priority?: string;
  status?: string;
}

/** Text streamed onto the end of an existing transcript entry. */
export interface TranscriptAppend {
  entryId: string;
  text: string;
}
