import { useId, useState } from 'react';
import { applyTheme, savedTheme, type ThemeChoice } from './theme';
import './ThemeSetting.css';

const CHOICES: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The theme setting: three radio buttons, applied as soon as one is chosen ({@link applyTheme}). */
export function ThemeSetting() {
  const name = useId();
  const [choice, setChoice] = useState<ThemeChoice>(savedTheme);
  return (
    <fieldset className="theme-setting">
      <legend className="settings-label">Theme</legend>
      <div className="theme-choices">
        {CHOICES.map((c) => (
          <label key={c.value} className="theme-choice">
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={choice === c.value}
              onChange={() => {
                setChoice(c.value);
                applyTheme(c.value);
              }}
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
