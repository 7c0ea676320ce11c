/**
 * The words Switchboard uses to say an agent is asking for something: the OS notification's body and the in-app
 * notice share them. They name the agent and the kind of request, never its content (spec E-PRIV-1). Pure.
 */
import { cutText } from './cut-text';

/** The kinds of request an agent can ask (a queue item's `mode`). */
export type RequestKind = 'form' | 'url' | 'permission';

const WHAT_IS_ASKED: Record<RequestKind, string> = {
  form: 'is asking you to fill in a form',
  url: 'is asking you to open a page',
  permission: 'is asking you for permission',
};

/** Longest agent name shown; longer names are cut with "…". */
export const MAX_ASKING_NAME_LENGTH = 60;

/**
 * `"<agent> is asking you to fill in a form"` and the like for one request, or `"<agent> is asking you 2 things"`
 * when `count` requests of that agent arrived together. The name's white space is flattened and a very long name
 * cut; an empty one reads "An agent".
 */
export function askingText(agentName: string, kind: RequestKind, count = 1): string {
  const flat = agentName.replace(/\s+/g, ' ').trim() || 'An agent';
  const name = cutText(flat, MAX_ASKING_NAME_LENGTH);
  if (count > 1) return `${name} is asking you ${count} things`;
  return `${name} ${WHAT_IS_ASKED[kind] ?? 'is asking you for something'}`;
}
