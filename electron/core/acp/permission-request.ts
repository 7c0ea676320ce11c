/**
 * A permission request (`session/request_permission`) in one shape for both protocol versions, and the bounds on
 * what the card shows of it. Each version maps its own wire shape into this (v1/connection.ts, v2/connection.ts).
 */
import { cutText } from '../../../shared/cut-text';
import { MAX_LABEL_CHARS } from './session-setup';

/** A permission request in one shape for both versions. */
export interface PermissionRequest {
  sessionId: string;
  toolCallId?: string;
  /** What the agent wants to do (v1: the tool call's title; v2: the request's title). */
  title: string;
  description?: string;
  /** v2 `subject.command`, else the tool call's `rawInput` command: what the agent wants to run. */
  command?: string;
  /** The tool call's ACP `kind` (delete, move, execute…), when the request says. */
  toolKind?: string;
  /** Paths the tool call names (`locations`, then `rawInput`), bounded (permission-targets.ts). */
  paths: string[];
  options: Array<{ optionId: string; name: string; kind: string }>;
}

/**
 * Characters kept of a v2 permission request's `description` ("why permission is needed"): a few paragraphs, past
 * what anyone reads before choosing. The rest is left out with "… (N more characters not shown)": uncut, a
 * description as long as the line budget was held on main and drawn on the card, only the pending budget counting it.
 */
export const MAX_PERMISSION_DESCRIPTION_CHARS = 8_000;

/**
 * Options kept per permission request: ACP's kinds are allow and reject, once or always; each option is a button on
 * the card, so 8 MiB of options would be hundreds of thousands of them.
 */
export const MAX_PERMISSION_OPTIONS = 20;

/** The longest option id the renderer can send back (shared/bridge.ts `answerPermission`). */
const MAX_PERMISSION_OPTION_ID_CHARS = 500;

/**
 * A permission request's options as the card offers them: at most {@link MAX_PERMISSION_OPTIONS}, names cut to a
 * label's length; an option whose id is longer than the bridge takes back (500) is left out, since an id is never cut.
 */
export function permissionOptions(options: ReadonlyArray<{ optionId: string; name: string; kind: string }>): PermissionRequest['options'] {
  return options
    .filter((o) => o.optionId.length <= MAX_PERMISSION_OPTION_ID_CHARS)
    .slice(0, MAX_PERMISSION_OPTIONS)
    .map((o) => ({ optionId: o.optionId, name: cutText(o.name, MAX_LABEL_CHARS), kind: cutText(o.kind, MAX_LABEL_CHARS) }));
}

/** The wire answer to a permission request (the same in both versions): the chosen option, or "cancelled". */
export function permissionResponse(optionId: string | undefined) {
  return { outcome: optionId === undefined ? { outcome: 'cancelled' as const } : { outcome: 'selected' as const, optionId } };
}
