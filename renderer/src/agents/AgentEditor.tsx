import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AgentView, McpServerView } from '../../../shared/views/agents';
import { describeServer } from './model/mcp-servers';
import './McpServers.css';
import {
  EMPTY_DRAFT,
  applyPreset,
  checkDraft,
  draftFromSettings,
  maskEnvText,
  type AgentDraft,
  type DraftField,
} from './model/agent-settings';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { AGENT_PRESETS } from './model/presets';
import { Modal } from '../shell/Modal';
import './AgentEditor.css';

interface AgentEditorProps {
  /** The agent to change; absent to add a new one. */
  agent?: AgentView;
  /** The MCP servers defined in Switchboard, to choose from. */
  mcpServers: McpServerView[];
  onClose: () => void;
  /** Main accepted the save; `agentId` is the (new) agent's id. */
  onSaved: (agentId: string) => void;
}

const PRESET_NAMES = AGENT_PRESETS.map((p) => p.name);

/** Which error a change to each part of the draft clears. */
const ERROR_FIELD: Record<keyof AgentDraft, DraftField> = {
  name: 'name',
  command: 'command',
  argsText: 'args',
  envText: 'env',
  cwd: 'cwd',
  builtin: 'command',
};

/**
 * The "Agent settings" dialog: name, command, arguments (one per line), environment (`NAME=value` lines, values
 * masked on screen until "Show values"), optional working folder, and presets that fill the form. Save sends
 * `saveAgent`; main checks the result against the config schema and its refusal is shown as the sentence it is.
 */
export function AgentEditor({ agent, mcpServers, onClose, onSaved }: AgentEditorProps) {
  const bridge = useBridge();
  const ids = useId();
  const [draft, setDraft] = useState<AgentDraft>(() => (agent ? draftFromSettings(agent.name, agent.settings) : EMPTY_DRAFT));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [chosenServers, setChosenServers] = useState<string[]>(() => agent?.mcpServers ?? []);

  function update(key: keyof AgentDraft, value: string | boolean): void {
    setDraft((d) => ({ ...d, [key]: value }));
    const flagged = ERROR_FIELD[key];
    if (errors[flagged]) setErrors(({ [flagged]: _dropped, ...rest }) => rest);
  }

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const check = checkDraft(draft, agent);
    if (!check.ok) {
      setErrors(check.errors);
      const first = (['name', 'command', 'args', 'env', 'cwd'] as const).find((f) => check.errors[f]);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const known = new Set(mcpServers.map((s) => s.name));
      const { agentId } = await bridge.invoke('saveAgent', { ...check.params, mcpServers: chosenServers.filter((n) => known.has(n)) });
      onSaved(agentId);
    } catch (error) {
      setFailure(errorSentence(error));
      setBusy(false);
    }
  }

  const field = (name: DraftField) => ({
    id: `${ids}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [`${ids}-${name}-hint`, errors[name] ? `${ids}-${name}-error` : ''].filter(Boolean).join(' '),
  });

  return (
    <Modal label="Agent settings" onClose={onClose} initialFocus={nameRef} className="agent-editor">
      <form className="modal-form" onSubmit={(e) => void save(e)} noValidate>
        <h2 className="modal-title">{agent ? `Edit ${agent.name}` : 'Add agent'}</h2>

        <div className="preset-row" role="group" aria-labelledby={`${ids}-presets`}>
          <span className="preset-label" id={`${ids}-presets`}>
            Start from a preset
          </span>
          <span className="preset-buttons">
            {AGENT_PRESETS.map((preset) => (
              <button
                key={preset.name}
                type="button"
                className="button button-small"
                onClick={() => {
                  setDraft((d) => applyPreset(d, preset, PRESET_NAMES));
                  setErrors({});
                  setNote(preset.note);
                }}
              >
                <span className="sr-only">Use preset: </span>
                {preset.name}
              </button>
            ))}
          </span>
        </div>
        {note && (
          <p className="preset-note" role="status">
            {note}
          </p>
        )}

        <Field id={`${ids}-name`} label="Name" error={errors.name} hint="Shown in the sidebar and on every request card.">
          <input
            {...field('name')}
            ref={nameRef}
            type="text"
            value={draft.name}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => update('name', e.target.value)}
          />
        </Field>

        {draft.builtin ? (
          <div className="builtin-note">
            <p>Runs the demo agent that comes with Switchboard: no command needed.</p>
            <button type="button" className="link-button" onClick={() => update('builtin', false)}>
              Use a command instead
            </button>
          </div>
        ) : (
          <>
            <Field
              id={`${ids}-command`}
              label="Command"
              error={errors.command}
              hint="A program on your PATH or a full path, for example npx."
            >
              <MonoTextInput {...field('command')} value={draft.command} onChange={(text) => update('command', text)} />
            </Field>
            <Field id={`${ids}-args`} label="Arguments" error={errors.args} hint="One argument per line, no quoting needed.">
              <textarea
                {...field('args')}
                className="mono-input"
                rows={3}
                wrap="off"
                value={draft.argsText}
                spellCheck={false}
                onChange={(e) => update('argsText', e.target.value)}
              />
            </Field>
          </>
        )}

        <EnvField
          ids={ids}
          value={draft.envText}
          error={errors.env}
          onChange={(text) => update('envText', text)}
        />

        <Field
          id={`${ids}-cwd`}
          label="Working folder"
          error={errors.cwd}
          hint="Optional: the folder the agent's process starts in. Each session still picks its own folder."
        >
          <MonoTextInput {...field('cwd')} value={draft.cwd} onChange={(text) => update('cwd', text)} />
        </Field>

        <fieldset className="mcp-choice" aria-describedby={`${ids}-mcp-hint`}>
          <legend className="field-label">MCP servers</legend>
          {mcpServers.length > 0 ? (
            <ul className="mcp-choice-list">
              {mcpServers.map((server) => (
                <li key={server.name}>
                  <label>
                    <input
                      type="checkbox"
                      checked={chosenServers.includes(server.name)}
                      onChange={(e) =>
                        setChosenServers((list) => (e.target.checked ? [...list, server.name] : list.filter((n) => n !== server.name)))
                      }
                    />
                    <span>
                      {server.name} <code className="mcp-detail">{describeServer(server)}</code>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="field-hint" id={`${ids}-mcp-hint`}>
            {mcpServers.length > 0
              ? 'Given to each new session of this agent, where the agent takes that kind of server.'
              : 'None defined yet: add them with MCP servers in the sidebar.'}
          </p>
        </fieldset>

        {agent && (
          <p className="modal-hint">Saving changes to how the agent starts restarts it, which ends its sessions.</p>
        )}
        {failure && (
          <p className="modal-error plain-text" role="alert">
            {failure}
          </p>
        )}

        <div className="modal-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Save
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A labelled field with its hint and error below it (the input carries the matching `aria-describedby`). */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint: string; error?: string; children: ReactNode }) {
  return (
    <div className="editor-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field-error plain-text" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface EnvFieldProps {
  ids: string;
  value: string;
  error?: string;
  onChange: (text: string) => void;
  /** Default "Environment" (the field's id ends in `-env`); MCP servers reuse it for HTTP headers. */
  label?: string;
  name?: string;
  hint?: string;
}

/**
 * The environment as `NAME=value` lines. Values are secrets more often than not, so until "Show values" the text
 * box draws its text transparent and a mask behind it shows the names with each value's characters as bullets
 * (same monospace grid, scrolled along with the box). Typing and pasting work as in any text box.
 */
export function EnvField({ ids, value, error, onChange, label = 'Environment', name = 'env', hint }: EnvFieldProps) {
  const [shown, setShown] = useState(false);
  const maskRef = useRef<HTMLPreElement>(null);
  const id = `${ids}-${name}`;
  return (
    <div className="editor-field">
      <div className="env-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <button type="button" className="link-button secret-toggle" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide values' : 'Show values'}
        </button>
      </div>
      <div className={`env-box${shown ? ' is-shown' : ''}`}>
        {!shown && (
          <pre className="env-mask" ref={maskRef} aria-hidden="true">
            {maskEnvText(value)}
            {'\n'}
          </pre>
        )}
        <textarea
          id={id}
          className="env-input mono-input"
          rows={3}
          wrap="off"
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.target.value)}
          onScroll={(e) => {
            const mask = maskRef.current;
            if (!mask) return;
            mask.scrollTop = e.currentTarget.scrollTop;
            mask.scrollLeft = e.currentTarget.scrollLeft;
          }}
        />
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {hint ?? 'One NAME=value per line, for example API keys. They are saved in the agents config and never written to a log.'}
        {!shown && ' Values are hidden on screen.'}
      </p>
      {error && (
        <p className="field-error plain-text" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A one-line monospace box for a command or a path: no autocomplete, no spell check. */
function MonoTextInput({ value, onChange, ...aria }: { id: string; 'aria-invalid'?: boolean; 'aria-describedby': string; value: string; onChange: (text: string) => void }) {
  return <input {...aria} type="text" className="mono-input" value={value} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} />;
}
