/**
 * The colour theme: follow the OS (prefers-color-scheme), or light or dark whatever the OS says. The choice is a
 * display preference of this window, kept in localStorage; `data-theme` on <html> forces a theme and its absence
 * follows the OS (base/tokens.css).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'switchboard.theme';

/** The saved choice, or `system` when none was saved (or storage is unavailable). */
export function savedTheme(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Shows `choice` at once and remembers it for the next start. */
export function applyTheme(choice: ThemeChoice, save = true): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  if (!save) return;
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // A window without storage still switches; it just forgets on restart.
  }
}
