/**
 * The words of the tray (menu-bar) icon: its tooltip, its macOS title and its menu's first item, from the
 * number of requests waiting for the user. Plain text so the tests read it directly.
 */

/** Tooltip (every platform): the app and what waits. */
export function trayTooltip(waiting: number): string {
  if (waiting === 0) return 'Switchboard: nothing waiting for you';
  return `Switchboard: ${waiting} ${waiting === 1 ? 'request' : 'requests'} waiting for you`;
}

/** The text beside the icon in the macOS menu bar: the count, or nothing when nothing waits. */
export function trayTitle(waiting: number): string {
  return waiting > 0 ? String(waiting) : '';
}

/** The tray menu's first item, which opens the request that has waited longest. */
export function openOldestLabel(waiting: number): string {
  return waiting > 0 ? 'Open the oldest waiting request' : 'Nothing waiting for you';
}
