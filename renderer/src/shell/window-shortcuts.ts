import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutCommand } from '../../../shared/shortcuts';

/** Whether the window runs on macOS (⌘ is then the primary modifier; Ctrl+Option belongs to VoiceOver). */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * Carries out the window-wide shortcuts of shared/shortcuts.ts wherever focus is, in Electron and in the browser
 * harness alike (the native menu shows them; see app-menu.ts), except while a modal dialog is open, so Settings
 * never opens over what is typed in another dialog. Settings' menu accelerator may fire as well in Electron;
 * opening an open dialog changes nothing. `onCommand` may change between renders.
 */
export function useWindowShortcuts(onCommand: (command: ShortcutCommand) => void): void {
  const latest = useRef(onCommand);
  useEffect(() => {
    latest.current = onCommand;
  }, [onCommand]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = shortcutOf(event, IS_MAC);
      // A modal dialog keeps the rest of the window inert: nothing behind it is brought forward.
      if (!command || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      latest.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The item id of the request card that holds focus, if any. */
export function focusedItemId(): string | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement ? (active.closest<HTMLElement>('article[data-item-id]')?.dataset.itemId ?? undefined) : undefined;
}

/**
 * Where focus goes inside a request card that is brought into view by the keyboard: its first field (for a radio
 * group, the checked radio, which is the group's one tab stop in WAI-ARIA's radio group pattern, as Tab would land),
 * else its primary action or default choice (`data-default-choice`, a risky permission's reject), else the card.
 */
export function focusInsideCard(card: HTMLElement): void {
  const field = card.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
  );
  const primary = card.querySelector<HTMLElement>('.button-primary:not(:disabled), [data-default-choice]:not(:disabled)');
  const target = field instanceof HTMLInputElement && field.type === 'radio' ? (checkedRadio(card, field) ?? field) : field;
  (target ?? primary ?? card).focus({ preventScroll: true });
}

/** The checked, enabled radio of `radio`'s group (same name, same form or none) inside `root`, if any. */
function checkedRadio(root: HTMLElement, radio: HTMLInputElement): HTMLInputElement | undefined {
  if (!radio.name) return radio.checked ? radio : undefined;
  return [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked:not(:disabled)')].find(
    (other) => other.name === radio.name && other.form === radio.form,
  );
}
