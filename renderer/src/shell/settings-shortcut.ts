import { useEffect } from 'react';

/** Whether this is a Mac, where app shortcuts use ⌘ rather than Ctrl. */
function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

/** The Settings shortcut as `aria-keyshortcuts` writes it (WAI-ARIA: key values joined with +). */
export function settingsKeyShortcut(): string {
  return isMac() ? 'Meta+,' : 'Control+,';
}

/**
 * Ctrl+, (⌘+, on a Mac) opens Settings wherever focus is, as the app menu's accelerator does in Electron. The
 * menu is not there in the harness (a browser tab), so the page listens too; in Electron both may fire and
 * opening an open dialog changes nothing.
 */
export function useSettingsShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = isMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key === ',') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}
