import './OpenChoice.css';

/** Where Open shows the page, each choice described by what it is itself (never by the other's absence). */
const OPEN_CHOICES: ReadonlyArray<{ systemBrowser: boolean; label: string; description: string }> = [
  {
    systemBrowser: false,
    label: 'A Switchboard window',
    description: 'Starts signed out and forgets everything when closed.',
  },
  {
    systemBrowser: true,
    label: 'Your browser',
    description: 'Uses the accounts you are signed in to there.',
  },
];

/**
 * The per-request choice of where the page opens (spec E-URL-5): two radios, each with its own description,
 * so neither reads as a description of the other.
 */
export function OpenChoice(props: { idBase: string; inSystemBrowser: boolean; disabled: boolean; onChange: (systemBrowser: boolean) => void }) {
  const { idBase, inSystemBrowser, disabled, onChange } = props;
  return (
    <fieldset className="url-open-choice">
      <legend className="url-label">Open in</legend>
      {OPEN_CHOICES.map((choice) => {
        const id = `${idBase}-open-${choice.systemBrowser ? 'browser' : 'window'}`;
        return (
          <div key={id} className="url-open-option">
            <input
              id={id}
              type="radio"
              name={`${idBase}-open`}
              checked={inSystemBrowser === choice.systemBrowser}
              disabled={disabled}
              aria-describedby={`${id}-help`}
              onChange={(event) => event.target.checked && onChange(choice.systemBrowser)}
            />
            <label htmlFor={id}>{choice.label}</label>
            <span id={`${id}-help`} className="field-help">
              {choice.description}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
