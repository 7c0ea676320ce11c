import { useId, useRef, useState, type FormEvent } from 'react';
import type { McpServerView } from '../../../shared/views/agents';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { Modal } from '../shell/Modal';
import { EnvField, Field } from './AgentEditor';
import { checkMcpDraft, describeServer, draftFromServer, EMPTY_MCP_DRAFT, EVERYTHING_PRESET, type McpDraft, type McpField } from './model/mcp-servers';
import './McpServers.css';

interface McpServersProps {
  servers: McpServerView[];
  onClose: () => void;
}

/**
 * "MCP servers": the servers defined once in Switchboard, each a local command (stdio) or
 * an HTTP/SSE address; each agent's settings choose which it gets. Values of env and headers are masked until
 * "Show values". Every change is saved at once with `saveMcpServers`; main's refusal is shown as its sentence.
 */
export function McpServers({ servers, onClose }: McpServersProps) {
  const bridge = useBridge();
  const ids = useId();
  /** The server being edited: its index, `new`, or none (the list). */
  const [editing, setEditing] = useState<number | 'new' | null>(servers.length === 0 ? 'new' : null);
  const [draft, setDraft] = useState<McpDraft>(EMPTY_MCP_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<McpField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  function edit(index: number | 'new'): void {
    setEditing(index);
    setDraft(index === 'new' ? EMPTY_MCP_DRAFT : draftFromServer(servers[index]));
    setErrors({});
    setFailure(null);
    queueMicrotask(() => nameRef.current?.focus());
  }

  async function save(next: McpServerView[]): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    try {
      await bridge.invoke('saveMcpServers', { servers: next });
      return true;
    } catch (error) {
      setFailure(errorSentence(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy || editing === null) return;
    const others = servers.filter((_, i) => i !== editing).map((s) => s.name);
    const check = checkMcpDraft(draft, others);
    if (!check.ok) {
      setErrors(check.errors);
      const first = (['name', 'command', 'env', 'url', 'headers'] as const).find((f) => check.errors[f]);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const next = editing === 'new' ? [...servers, check.server] : servers.map((s, i) => (i === editing ? check.server : s));
    if (await save(next)) setEditing(null);
  }

  const set = (key: keyof McpDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    const field = ({ argsText: undefined, envText: 'env', headersText: 'headers' } as Record<string, McpField | undefined>)[key] ?? (key as McpField);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const described = (field: McpField) => ({
    id: `${ids}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [`${ids}-${field}-hint`, errors[field] ? `${ids}-${field}-error` : ''].filter(Boolean).join(' '),
  });

  return (
    <Modal label="MCP servers" onClose={onClose} className="mcp-servers">
      <h2 className="modal-title">MCP servers</h2>
      <p className="modal-hint">
        Define a server once, then tick it in an agent’s settings. Agents start the servers they are given with each new session.
      </p>

      {editing === null ? (
        <>
          {servers.length > 0 ? (
            <ul className="mcp-list" aria-label="Defined MCP servers">
              {servers.map((server, index) => (
                <li key={server.name} className="mcp-item">
                  <div className="mcp-item-text">
                    <span className="mcp-name">{server.name}</span>
                    <code className="mcp-detail">{describeServer(server)}</code>
                  </div>
                  <button type="button" className="button button-small" onClick={() => edit(index)}>
                    Edit<span className="sr-only"> {server.name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={busy}
                    onClick={() => void save(servers.filter((_, i) => i !== index))}
                  >
                    Remove<span className="sr-only"> {server.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No MCP servers yet.</p>
          )}
          {failure && (
            <p className="modal-error plain-text" role="alert">
              {failure}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button button-primary" onClick={() => edit('new')}>
              Add server
            </button>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form className="modal-form" onSubmit={(e) => void submit(e)} noValidate aria-label={editing === 'new' ? 'Add MCP server' : 'Edit MCP server'}>
          {editing === 'new' && (
            <div className="preset-row" role="group" aria-labelledby={`${ids}-presets`}>
              <span className="preset-label" id={`${ids}-presets`}>
                Start from a preset
              </span>
              <span className="preset-buttons">
                <button type="button" className="button button-small" onClick={() => setDraft(draftFromServer(EVERYTHING_PRESET))}>
                  <span className="sr-only">Use preset: </span>Everything (tries forms and URLs)
                </button>
              </span>
            </div>
          )}
          <McpTextField label="Name" hint="How agents and the session bar name this server." error={errors.name} field={described('name')} inputRef={nameRef}>
            {(props) => <input {...props} type="text" value={draft.name} maxLength={100} autoComplete="off" spellCheck={false} onChange={(e) => set('name', e.target.value)} />}
          </McpTextField>

          <fieldset className="mcp-transport">
            <legend className="field-label">Runs as</legend>
            {(
              [
                ['stdio', 'A command on this computer (stdio)'],
                ['http', 'An HTTP address'],
                ['sse', 'An SSE address (older servers; ACP v1 agents only)'],
              ] as const
            ).map(([type, label]) => (
              <label key={type} className="check-row">
                <input type="radio" name={`${ids}-type`} checked={draft.type === type} onChange={() => setDraft((d) => ({ ...d, type }))} />
                {label}
              </label>
            ))}
          </fieldset>

          {draft.type === 'stdio' ? (
            <>
              <McpTextField label="Command" hint="A program on your PATH or a full path, for example npx." error={errors.command} field={described('command')}>
                {(props) => (
                  <input {...props} type="text" className="mono-input" value={draft.command} autoComplete="off" spellCheck={false} onChange={(e) => set('command', e.target.value)} />
                )}
              </McpTextField>
              <div className="editor-field">
                <label htmlFor={`${ids}-args`} className="field-label">
                  Arguments
                </label>
                <textarea
                  id={`${ids}-args`}
                  className="mono-input"
                  rows={3}
                  wrap="off"
                  value={draft.argsText}
                  spellCheck={false}
                  aria-describedby={`${ids}-args-hint`}
                  onChange={(e) => set('argsText', e.target.value)}
                />
                <p className="field-hint" id={`${ids}-args-hint`}>
                  One argument per line, no quoting needed.
                </p>
              </div>
              <EnvField ids={ids} value={draft.envText} error={errors.env} onChange={(text) => set('envText', text)} />
            </>
          ) : (
            <>
              <McpTextField label="Address" hint="The server’s URL, for example https://mcp.example.com/mcp." error={errors.url} field={described('url')}>
                {(props) => <input {...props} type="url" className="mono-input" value={draft.url} autoComplete="off" spellCheck={false} onChange={(e) => set('url', e.target.value)} />}
              </McpTextField>
              <EnvField
                ids={ids}
                name="headers"
                label="Headers"
                value={draft.headersText}
                error={errors.headers}
                onChange={(text) => set('headersText', text)}
                hint="One Name=value per line, for example Authorization=Bearer …. Saved in the agents config and never written to a log."
              />
            </>
          )}

          {failure && (
            <p className="modal-error plain-text" role="alert">
              {failure}
            </p>
          )}
          <div className="modal-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              Save server
            </button>
            <button type="button" className="button" onClick={() => (servers.length ? setEditing(null) : onClose())}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

interface McpTextFieldProps {
  label: string;
  hint: string;
  error?: string;
  field: { id: string; 'aria-invalid'?: boolean; 'aria-describedby': string };
  inputRef?: React.Ref<HTMLInputElement>;
  children: (props: McpTextFieldProps['field'] & { ref?: React.Ref<HTMLInputElement> }) => React.ReactNode;
}

/** A labelled input with its hint and its error below it. */
function McpTextField({ label, hint, error, field, inputRef, children }: McpTextFieldProps) {
  return (
    <Field id={field.id} label={label} hint={hint} error={error}>
      {children({ ...field, ...(inputRef ? { ref: inputRef } : {}) })}
    </Field>
  );
}
