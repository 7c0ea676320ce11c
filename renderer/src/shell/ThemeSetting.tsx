import { useId, useState } from 'react';
import { applyTheme, savedTheme, type ThemeChoice } from './theme';
import './ThemeSetting.css';

const CHOICES: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The theme setting: a labelled select, applied as soon as it changes ({@link applyTheme}). */
export function ThemeSetting() {
  const id = useId();
  const [choice, setChoice] = useState<ThemeChoice>(savedTheme);
  return (
    <div className="theme-setting">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={choice}
        onChange={(event) => {
          const next = event.target.value as ThemeChoice;
          setChoice(next);
          applyTheme(next);
        }}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
