/**
 * Opens links from agent messages in the system browser (the hub's `openExternal` option). The hub has
 * already analysed the address and hands over its re-serialised form; the scheme is checked again here, with
 * the same allow-list as URL-mode pages, so nothing but a web page ever reaches `shell.openExternal`.
 */
import type { Shell } from 'electron';
import { allowedPageHref, errorForLog, hostForLog } from './url-window-policy';

/**
 * Returns the function the hub calls for `openExternal`: `https:` addresses, and `http:` ones on this
 * computer, go to `shell.openExternal` re-serialised; anything else (`javascript:`, `file:`, custom schemes,
 * `http:` elsewhere) throws a plain sentence and opens nothing. A failure of the system browser is logged
 * with the host only (spec E-PRIV-1).
 */
export function createOpenExternal(
  shell: Pick<Shell, 'openExternal'>,
  log: (line: string) => void = () => {},
): (url: string) => void {
  return (url) => {
    const href = allowedPageHref(url);
    if (href === null) throw new Error('Switchboard opens only https: pages, or http: pages on this computer.');
    shell.openExternal(href).catch((error: unknown) => {
      log(`The system browser could not open the link on ${hostForLog(href)}: ${errorForLog(error)}`);
    });
  };
}
