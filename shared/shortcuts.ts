/**
 * The app's keyboard shortcuts that work across the window, in one table: the native menu shows them (Electron
 * accelerator syntax), the controls that do the same thing declare them (`aria-keyshortcuts`), and the renderer's
 * own key handler carries them out, so they work the same in Electron and in the browser harness.
 *
 * Chosen not to clash with what a browser, Electron's default menu, a desktop or a screen reader already uses:
 * Ctrl+Alt+↓/↑ (⌘⌥↓/↑ on macOS, where Ctrl+Option is VoiceOver's own modifier), and the platforms' usual Ctrl+,
 * (⌘,) for Settings. Pure; no DOM.
 */

/** The commands with a window-wide shortcut. */
export type ShortcutCommand = 'nextWaitingRequest' | 'previousWaitingRequest' | 'settings';

interface Shortcut {
  /** `KeyboardEvent.key` of the key pressed with the modifiers. */
  key: string;
  /** Whether Alt (⌥) is part of it, besides the primary modifier. */
  alt: boolean;
  /** Electron's accelerator (CmdOrCtrl is ⌘ on macOS, Ctrl elsewhere). */
  accelerator: string;
  /** The key as people read it in a tooltip (an arrow rather than "ArrowDown"). */
  glyph: string;
}

/** Every window-wide shortcut: the primary modifier (⌘ or Ctrl), Alt where `alt`, and `key`. */
export const SHORTCUTS: Readonly<Record<ShortcutCommand, Shortcut>> = {
  nextWaitingRequest: { key: 'ArrowDown', alt: true, accelerator: 'CmdOrCtrl+Alt+Down', glyph: '↓' },
  previousWaitingRequest: { key: 'ArrowUp', alt: true, accelerator: 'CmdOrCtrl+Alt+Up', glyph: '↑' },
  // The platforms' own "Preferences…" key (Ctrl+, / ⌘,).
  settings: { key: ',', alt: false, accelerator: 'CmdOrCtrl+,', glyph: ',' },
};

/**
 * The `aria-keyshortcuts` value of a command, e.g. `"Control+Alt+ArrowDown"` (`"Meta+Alt+ArrowDown"` on macOS),
 * `"Control+,"` for Settings.
 */
export function ariaKeyShortcut(command: ShortcutCommand, mac: boolean): string {
  const { key, alt } = SHORTCUTS[command];
  return `${mac ? 'Meta' : 'Control'}${alt ? '+Alt' : ''}+${key}`;
}

/** The shortcut as people read it in a tooltip: `"Ctrl+Alt+↓"`, or `"⌘⌥↓"` on macOS; `"Ctrl+,"` / `"⌘,"`. */
export function shortcutLabel(command: ShortcutCommand, mac: boolean): string {
  const { glyph, alt } = SHORTCUTS[command];
  return mac ? `⌘${alt ? '⌥' : ''}${glyph}` : `Ctrl+${alt ? 'Alt+' : ''}${glyph}`;
}

/** The parts of a key event the match reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Which command a key press is, if any: exactly the primary modifier (⌘ on macOS, Ctrl elsewhere), Alt where the
 * shortcut has it and not otherwise, no Shift, and its key.
 */
export function shortcutOf(press: KeyPress, mac: boolean): ShortcutCommand | undefined {
  const primary = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (!primary || press.shiftKey) return undefined;
  for (const [command, shortcut] of Object.entries(SHORTCUTS) as Array<[ShortcutCommand, Shortcut]>) {
    if (shortcut.key === press.key && shortcut.alt === press.altKey) return command;
  }
  return undefined;
}
