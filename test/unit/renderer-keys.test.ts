import { describe, expect, it } from 'vitest';
import { ariaKeyShortcut, shortcutLabel, shortcutOf, SHORTCUTS } from '../../shared/shortcuts';
import { menuKeyTarget } from '../../renderer/src/agents/model/menu-keys';
import { COMMAND_ACCELERATORS } from '../../electron/main/app-menu';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('window-wide shortcuts', () => {
  it('are Ctrl+Alt+arrow, or ⌘⌥arrow on macOS, and nothing else', () => {
    expect(shortcutOf(press('ArrowDown', { ctrlKey: true, altKey: true }), false)).toBe('nextWaitingRequest');
    expect(shortcutOf(press('ArrowUp', { ctrlKey: true, altKey: true }), false)).toBe('previousWaitingRequest');
    expect(shortcutOf(press('ArrowDown', { metaKey: true, altKey: true }), true)).toBe('nextWaitingRequest');
    // Ctrl+Option is VoiceOver's modifier on macOS: left to it.
    expect(shortcutOf(press('ArrowDown', { ctrlKey: true, altKey: true }), true)).toBeUndefined();
    // Alt+↓ opens a select or combobox; Ctrl+↓ and Shift variants belong to text editing.
    expect(shortcutOf(press('ArrowDown', { altKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('ArrowDown', { ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('ArrowDown', { ctrlKey: true, altKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('j', { ctrlKey: true, altKey: true }), false)).toBeUndefined();
  });

  it('are declared the same way to assistive technology, the tooltip and the native menu', () => {
    expect(ariaKeyShortcut('nextWaitingRequest', false)).toBe('Control+Alt+ArrowDown');
    expect(ariaKeyShortcut('previousWaitingRequest', true)).toBe('Meta+Alt+ArrowUp');
    expect(shortcutLabel('nextWaitingRequest', true)).toBe('⌘⌥↓');
    expect(shortcutLabel('previousWaitingRequest', false)).toBe('Ctrl+Alt+↑');
    expect(COMMAND_ACCELERATORS.nextWaitingRequest).toBe(SHORTCUTS.nextWaitingRequest.accelerator);
    expect(COMMAND_ACCELERATORS.previousWaitingRequest).toBe('CmdOrCtrl+Alt+Up');
  });
});

describe('the Settings shortcut, from the same table', () => {
  it('is Ctrl+, or ⌘, on macOS, without Alt or Shift', () => {
    expect(shortcutOf(press(',', { ctrlKey: true }), false)).toBe('settings');
    expect(shortcutOf(press(',', { metaKey: true }), true)).toBe('settings');
    expect(shortcutOf(press(',', { ctrlKey: true }), true)).toBeUndefined();
    expect(shortcutOf(press(',', { ctrlKey: true, altKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press(',', { ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
    // An arrow without Alt is text editing, not a window shortcut.
    expect(shortcutOf(press('ArrowDown', { ctrlKey: true }), false)).toBeUndefined();
  });

  it('is declared to assistive technology, the tooltip and the native menu from that table', () => {
    expect(ariaKeyShortcut('settings', false)).toBe('Control+,');
    expect(ariaKeyShortcut('settings', true)).toBe('Meta+,');
    expect(shortcutLabel('settings', true)).toBe('⌘,');
    expect(shortcutLabel('settings', false)).toBe('Ctrl+,');
    expect(COMMAND_ACCELERATORS.settings).toBe(SHORTCUTS.settings.accelerator);
  });
});

describe('menu keys (WAI-ARIA menu button)', () => {
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(menuKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 2, 3)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, 3)).toBe(2);
    expect(menuKeyTarget('ArrowUp', -1, 3)).toBe(2);
    expect(menuKeyTarget('ArrowDown', -1, 3)).toBe(0);
    expect(menuKeyTarget('Home', 2, 3)).toBe(0);
    expect(menuKeyTarget('End', 0, 3)).toBe(2);
    expect(menuKeyTarget('a', 0, 3)).toBeUndefined();
    expect(menuKeyTarget('ArrowDown', -1, 0)).toBeUndefined();
  });
});
