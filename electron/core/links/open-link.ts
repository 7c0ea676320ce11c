/** Opening a link the user clicked in an agent's message, with the consent step link-check.ts asks for. */
import type { CommandResults } from '../../../shared/bridge';
import { checkLink } from './link-check';

/**
 * A link the user clicked in a message (see checkLink). Opened, re-serialised, when URL mode's analysis has
 * nothing to warn about and its text does not name another host; otherwise answered `confirm` with the real
 * host from this parse, and opened only when the renderer asks again with `confirmed` after the user's Open:
 * checked again then, so a blocked address never opens whatever the renderer says (spec E-URL-3, E-URL-4).
 * `open` is the host's opener (none: links cannot be opened here).
 * @throws Error, a plain sentence, for a blocked address or a host without an opener.
 */
export function openLink(
  open: ((url: string) => void) | undefined,
  url: string,
  text: string | undefined,
  confirmed: boolean,
): CommandResults['openExternal'] {
  const check = checkLink(url, text);
  if ('refused' in check) throw new Error(check.refused);
  if (check.confirm && !confirmed) return { confirm: check.confirm };
  if (!open) throw new Error('Links cannot be opened here.');
  open(check.open);
  return { opened: true };
}
