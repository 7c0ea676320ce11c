/**
 * The app's keyboard shortcuts that work across the window, in one table: the native menu shows them (Electron
 * accelerator syntax), the controls that do the same thing declare them (`aria-keyshortcuts`), and the renderer's
 * own key handler carries them out, so they work the same in Electron and in the browser harness.
 *
 * Chosen not to clash with what a browser, Electron's default menu, a desktop or a screen reader already uses:
 * Ctrl+Alt+↓/↑ (⌘⌥↓/↑ on macOS, where Ctrl+Option is VoiceOver's own modifier). Pure; no DOM.
 */

/** The commands with a window-wide shortcut. */
export type ShortcutCommand = 'nextWaitingRequest' | 'previousWaitingRequest';

interface Shortcut {
  /** `KeyboardEvent.key` of the key pressed with the modifiers. */
  key: string;
  /** Electron's accelerator (CmdOrCtrl is ⌘ on macOS, Ctrl elsewhere). */
  accelerator: string;
}

/** Every window-wide shortcut: the primary modifier (⌘ or Ctrl) plus Alt plus `key`. */
export const SHORTCUTS: Readonly<Record<ShortcutCommand, Shortcut>> = {
  nextWaitingRequest: { key: 'ArrowDown', accelerator: 'CmdOrCtrl+Alt+Down' },
  previousWaitingRequest: { key: 'ArrowUp', accelerator: 'CmdOrCtrl+Alt+Up' },
};

/** The `aria-keyshortcuts` value of a command, e.g. `"Control+Alt+ArrowDown"` (`"Meta+Alt+ArrowDown"` on macOS). */
export function ariaKeyShortcut(command: ShortcutCommand, mac: boolean): string {
  return `${mac ? 'Meta' : 'Control'}+Alt+${SHORTCUTS[command].key}`;
}

/** The shortcut as people read it in a tooltip: `"Ctrl+Alt+↓"`, or `"⌘⌥↓"` on macOS. */
export function shortcutLabel(command: ShortcutCommand, mac: boolean): string {
  const arrow = SHORTCUTS[command].key === 'ArrowDown' ? '↓' : '↑';
  return mac ? `⌘⌥${arrow}` : `Ctrl+Alt+${arrow}`;
}

/** The parts of a key event the match reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Which command a key press is, if any: exactly the primary modifier (⌘ on macOS, Ctrl elsewhere) and Alt. */
export function shortcutOf(press: KeyPress, mac: boolean): ShortcutCommand | undefined {
  const primary = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (!primary || !press.altKey || press.shiftKey) return undefined;
  for (const [command, shortcut] of Object.entries(SHORTCUTS) as Array<[ShortcutCommand, Shortcut]>) {
    if (shortcut.key === press.key) return command;
  }
  return undefined;
}
