import { useEffect, useId, useState } from 'react';
import { errorSentence, useBridge } from '../shell/bridge-context';
import './WorkingFolder.css';

interface WorkingFolderProps {
  value: string;
  onChange: (path: string) => void;
  /** Folders used with this agent, most recent first. */
  recent: string[];
  /** Electron's folder dialog is available (the harness has the text field only). */
  canPick: boolean;
  /** Set by the parent when main refused the folder at New session. */
  refusal?: string | null;
  /** The id of the field, for the parent's label. */
  inputId: string;
}

/**
 * The working folder of the next session: a text field with the agent's recent folders as
 * suggestions, a Choose… button where the host has a folder picker, and the reason beside the field when the
 * folder cannot be used. main checks the folder (`checkFolder`: exists, is a folder, readable) as the user
 * pauses typing, and again at New session.
 */
export function WorkingFolder({ value, onChange, recent, canPick, refusal, inputId }: WorkingFolderProps) {
  const bridge = useBridge();
  const ids = useId();
  /** main's verdict on a folder, with the text it was for (a verdict on an older text is not shown). */
  const [verdict, setVerdict] = useState<{ path: string; reason: string | null } | null>(null);
  const reason = verdict && verdict.path === value ? verdict.reason : null;
  const setReason = (text: string | null) => setVerdict({ path: value, reason: text });

  useEffect(() => {
    if (value.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      bridge
        .invoke('checkFolder', { path: value })
        .then((check) => current && setVerdict({ path: value, reason: check.ok ? null : check.reason }))
        .catch(() => undefined);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [bridge, value]);

  async function pick(): Promise<void> {
    try {
      const { path } = await bridge.invoke('pickFolder', value ? { defaultPath: value } : {});
      if (path) onChange(path);
    } catch (error) {
      setReason(errorSentence(error));
    }
  }

  const shown = refusal ?? reason;
  return (
    <span className="working-folder">
      <input
        id={inputId}
        className="new-session-cwd"
        type="text"
        value={value}
        list={recent.length ? `${ids}-recent` : undefined}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${ids}-reason` : undefined}
      />
      {recent.length > 0 && (
        <datalist id={`${ids}-recent`}>
          {recent.map((folder) => (
            <option key={folder} value={folder} />
          ))}
        </datalist>
      )}
      {canPick && (
        <button type="button" className="button" onClick={() => void pick()}>
          Choose…
        </button>
      )}
      {shown && (
        <span className="working-folder-reason plain-text" id={`${ids}-reason`} role="status">
          {shown}
        </span>
      )}
    </span>
  );
}
