/**
 * View types of what an agent asks the user: the queue's items (form and URL elicitations, permission
 * requests), their scope and state, and the record a transcript keeps of a request once asked.
 */
import type { FormDescription, FormValues } from '../form-schema/types';
import type { UrlDescription } from '../url-description';
import type { AgentInfoView } from './agents';

/**
 * A request (elicitation or permission) as the session's history keeps it. No form value is stored (form
 * values are never written to disk, spec E-PRIV-1): a field keeps its title, and `secret: true` when it
 * looks secret (spec E-FORM-12).
 */
export interface RequestRecordView {
  mode: 'form' | 'url' | 'permission';
  message: string;
  /**
   * The whole message's size when `message` is only its start (the live transcript keeps MAX_RECORD_MESSAGE_CHARS
   * of it): its lines and UTF-8 bytes, so the record's "Show all" names the size the card names.
   */
  wholeMessage?: { lines: number; bytes: number };
  /**
   * How it ended: `accepted`, `declined`, `cancelled` (by the user), `chosen` (a permission option),
   * `withdrawn` (by the agent), `disconnected` (the agent went away), `completed` (URL mode),
   * `refused`, `stopped` (the user stopped what it belonged to), or `open` while it still waits (shown as "ended when Switchboard closed" once it is history).
   */
  outcome: 'accepted' | 'declined' | 'cancelled' | 'chosen' | 'withdrawn' | 'stopped' | 'disconnected' | 'completed' | 'refused' | 'open';
  /** URL mode: the host only (never the full address, spec E-PRIV-1). */
  host?: string;
  /** Permission: the option chosen. */
  option?: string;
  /**
   * Form: each field's title, and whether it looked secret. The stored record never has a value (spec
   * E-PRIV-1); the live transcript's record of a sent form (`sent`) has `answer`, the sent value in words, for
   * every field that did not look secret (spec E-FORM-12: those are masked, their value is not kept at all).
   */
  fields?: Array<{ name: string; title: string; secret?: boolean; answer?: string }>;
  /** Live transcript only, never stored: the form was sent and `fields` carry what was sent. */
  sent?: boolean;
  /**
   * Live transcript, and History's view of a session that is live now, only: the request still waits for the user
   * (outcome `open`), its card is in the queue. Never stored.
   */
  waiting?: boolean;
}

/** What a queue item belongs to (spec E-REQ-2, E-REQ-3, E-REQ-7). */
export type ItemScope =
  | {
      kind: 'session';
      sessionKey: string;
      sessionId: string;
      sessionTitle?: string;
      toolCallId?: string;
      toolCallTitle?: string;
    }
  /** Request-scoped: belongs to one of our pending requests to the agent; `label` says which, e.g. "while signing in". */
  | { kind: 'request'; label?: string };

/**
 * Lifecycle of a queue item as the user sees it.
 * - `pending`: waiting for the user (a form to fill, or a URL to consent to).
 * - `consented` (URL mode): the user chose Open, `accept` was sent, the page is open; Reopen and Cancel
 *   stay available until the agent's `elicitation/complete` (spec E-URL-6).
 * - `completed` (URL mode): the agent reported completion; its window was closed (spec E-URL-8).
 * - `refused`: Switchboard refused the request before the user saw it, and `refusedReason` says why in plain words:
 *   a URL refused outright, answered `decline` (spec E-URL-4), an invalid form, answered -32602 (E-FORM-10), or
 *   a URL over the length Switchboard takes, answered -32602.
 * - `withdrawn`: the agent sent `$/cancel_request` of its own accord (spec E-CXL-1); typed values stay readable.
 * - `cancelled` (form mode): the user cancelled it with Escape, which keeps the card and its typed values readable
 *   until dismissed (the Cancel button lets the card go); the agent was answered `cancel`.
 * - `stopped`: the request ended because the user ended what it belonged to: Stop on its session's turn (the agent
 *   then withdrew it; spec E-CXL-3 keeps it open until it does), or Cancel on the sign-in it was asked during.
 *   Typed values stay readable.
 * - `disconnected`: the agent's process exited or its connection closed (spec E-CXL-4).
 * - `app-closed`: the request was still open when Switchboard quit, so it ended unanswered; only an item restored
 *   from an earlier run (history) has this state.
 * Every state but `pending` and `consented` has ended and only waits to be dismissed.
 */
export type ItemState =
  | 'pending'
  | 'consented'
  | 'completed'
  | 'refused'
  | 'withdrawn'
  | 'cancelled'
  | 'stopped'
  | 'disconnected'
  | 'app-closed';

/** Where a consented URL-mode page opens (spec E-URL-5): the sealed in-app window or the OS browser. */
export type UrlOpenMode = 'app-window' | 'system-browser';

/** What every queue item has, whatever its mode. */
interface QueueItemBase {
  itemId: string;
  agentId: string;
  /** The agent's configured name, and what it reported at `initialize` (spec E-REQ-7). */
  agentName: string;
  agentInfo?: AgentInfoView;
  scope: ItemScope;
  /** Shown as plain text, never as HTML or links (spec E-REQ-6). */
  message: string;
  state: ItemState;
  /** Milliseconds since the epoch when the request arrived; the queue is ordered by it. */
  arrivedAt: number;
  /**
   * Receipt order within this run of Switchboard (1, 2, 3…): breaks ties between requests that arrived in the
   * same millisecond, so they show in the order they were received. Absent on items restored from history.
   */
  arrivalSeq?: number;
  /** Why a `refused` request was refused, in plain words (spec E-URL-4, E-FORM-10). */
  refusedReason?: string;
}

/** A form-mode elicitation. */
export interface FormItemView extends QueueItemBase {
  mode: 'form';
  /**
   * The form as main described it once from the agent's `requestedSchema` (spec E-FORM-1..3, E-FORM-9, E-FORM-12;
   * architecture rule 10): its title, description and fields with their limits, display text already revealed and
   * secret-looking fields marked. The raw schema stays in main. No fields for a refused form, and for an ended one
   * the user typed nothing into whose schema was too large to keep.
   */
  form: FormDescription;
  /** The user's typed values so far, kept in main so a renderer reload loses nothing (architecture rule 7). */
  draft?: FormValues;
  /**
   * The form is one plain text field and its message (or schema description) asks for a secret: main treats that
   * field as secret (spec E-FORM-12; shared/form-schema/secrets.ts `withSoleFieldSecret`), and so does the card.
   */
  secretByMessage?: true;
}

/** A URL-mode elicitation, with main's analysis of its address for the consent view (architecture rule 10). */
export interface UrlItemView extends QueueItemBase {
  mode: 'url';
  /** The URL exactly as the agent sent it; shown in full, never as a live link (spec E-URL-3). */
  url: string;
  /**
   * Set when the address was over the length Switchboard takes (`MAX_URL_CHARS`): its length in characters. The
   * item is then `refused`, `url` holds only the address's start, and the agent was answered -32602.
   */
  urlLength?: number;
  /**
   * What main found in `url` (spec E-URL-3, E-URL-4; shared/url-description.ts): the host to emphasise, the warnings
   * to show, whether it can be opened. Absent when the address was too long to analyse (`urlLength`).
   */
  analysis?: UrlDescription;
  /** After consent: where it was opened. */
  openedIn?: UrlOpenMode;
  /** After consent in the app window: whether that window is still open (the user may close it). */
  windowOpen?: boolean;
}

/** One choice of a permission request; `kind` is ACP's allow_once, allow_always, reject_once, reject_always… */
export interface PermissionOptionView {
  optionId: string;
  name: string;
  kind: string;
}

/** A `session/request_permission` from the agent, queued like an elicitation. */
export interface PermissionItemView extends QueueItemBase {
  mode: 'permission';
  /** What the agent wants to do: the tool call's title (v1) or the request's own title (v2). */
  title: string;
  description?: string;
  /** A command the agent wants to run, when it says so (v2 `subject.command`, else the tool call's `rawInput`). */
  command?: string;
  /** The tool call's ACP `kind` (delete, move, execute…), from the request or the session's tool call. */
  toolKind?: string;
  /** The files or folders the tool call names (its `locations`, then `rawInput` paths), at most 20. */
  paths?: string[];
  options: PermissionOptionView[];
}

/** One item in an agent's queue: an elicitation (form or URL) or a permission request. */
export type QueueItemView = FormItemView | UrlItemView | PermissionItemView;
