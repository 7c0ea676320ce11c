import { useId, useState, type ChangeEvent } from 'react';
import type { CommandResults } from '../../../shared/bridge';
import type { AgentView, McpServerView } from '../../../shared/views/agents';
import { describeServer, mergeServers } from './model/mcp-servers';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { Modal } from '../shell/Modal';
import './ZedImport.css';

type Found = CommandResults['importZedSettings'];
type FoundAgent = Found['agents'][number];

/** The largest file `importZedSettings` takes (shared/bridge.ts). */
const MAX_TEXT = 5_000_000;

interface ZedImportProps {
  /** The agents already configured, to flag names that exist. */
  agents: AgentView[];
  /** The MCP servers already defined, to flag names that exist. */
  mcpServers: McpServerView[];
  onClose: () => void;
  /** Called after "Add selected" added at least one agent; `agentId` is the last one added. */
  onAdded: (agentId: string) => void;
}

/**
 * "Import from Zed": the user picks Zed's settings.json, main reads its `agent_servers` (JSON with comments),
 * and the agents found are listed with checkboxes (environment values stay hidden); the entries Zed runs itself
 * are listed with the reason they were skipped. "Add selected" adds each chosen agent with `saveAgent`.
 */
export function ZedImport({ agents, mcpServers, onClose, onAdded }: ZedImportProps) {
  const bridge = useBridge();
  const ids = useId();
  const [found, setFound] = useState<Found | null>(null);
  const [chosen, setChosen] = useState<boolean[]>([]);
  /** Per found agent: `added`, or the sentence main refused it with. */
  const [outcome, setOutcome] = useState<Array<{ added: true } | { error: string } | undefined>>([]);
  const [chosenServers, setChosenServers] = useState<boolean[]>([]);
  /** What became of the chosen MCP servers: a sentence, once added or refused. */
  const [serversOutcome, setServersOutcome] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const existingNames = new Set(agents.map((a) => a.name));

  async function pick(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    if (!file) return;
    setFailure(null);
    setFound(null);
    if (file.size > MAX_TEXT) {
      setFailure('The file is larger than 5 MB; Zed settings are much smaller. Pick the settings.json file.');
      return;
    }
    setReading(true);
    try {
      const result = await bridge.invoke('importZedSettings', { text: await file.text() });
      setFound(result);
      // Agents already here by name start unchecked, so importing twice does not double them.
      setChosen(result.agents.map((a) => !existingNames.has(a.name)));
      setChosenServers(result.mcpServers.map((s) => !mcpServers.some((m) => m.name === s.name)));
      setServersOutcome(null);
      setOutcome([]);
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setReading(false);
    }
  }

  async function addSelected(): Promise<void> {
    if (!found || adding) return;
    setAdding(true);
    setFailure(null);
    // MCP servers first, so the agents imported with them can be given them (Zed gives them to every agent).
    let serverNames: string[] = [];
    const servers = found.mcpServers.filter((_, i) => chosenServers[i]);
    if (servers.length && serversOutcome === null) {
      const { servers: merged, duplicates } = mergeServers(mcpServers, servers);
      try {
        await bridge.invoke('saveMcpServers', { servers: merged });
        serverNames = servers.map((s) => s.name).filter((n) => !duplicates.includes(n));
        setServersOutcome(
          `Added ${serverNames.length} MCP server${serverNames.length === 1 ? '' : 's'}` +
            (duplicates.length ? `; kept your own ${duplicates.join(', ')}.` : '.'),
        );
      } catch (error) {
        setServersOutcome(`MCP servers not added: ${errorSentence(error)}`);
      }
    }
    const results = [...outcome];
    let lastAdded: string | null = null;
    for (const [index, agent] of found.agents.entries()) {
      if (!chosen[index] || results[index]) continue;
      try {
        const { agentId } = await bridge.invoke('saveAgent', { ...toParams(agent), ...(serverNames.length ? { mcpServers: serverNames } : {}) });
        results[index] = { added: true };
        lastAdded = agentId;
      } catch (error) {
        results[index] = { error: errorSentence(error) };
      }
      setOutcome([...results]);
    }
    setAdding(false);
    const failed = results.some((r) => r && 'error' in r);
    if (lastAdded !== null && !failed) onAdded(lastAdded);
    else if (failed) setFailure('Some agents could not be added; the reasons are shown next to them.');
  }

  const selectable = found
    ? found.agents.filter((_, i) => chosen[i] && !outcome[i]).length + (serversOutcome === null ? chosenServers.filter(Boolean).length : 0)
    : 0;

  return (
    <Modal label="Import from Zed" onClose={onClose} className="zed-import">
      <h2 className="modal-title">Import agents from Zed</h2>
      <div className="editor-field">
        <label htmlFor={`${ids}-file`} className="field-label">
          Zed settings file
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".json,.jsonc"
          className="file-input"
          aria-describedby={`${ids}-file-hint`}
          onChange={(e) => void pick(e)}
          disabled={reading || adding}
        />
        <p className="field-hint" id={`${ids}-file-hint`}>
          Usually ~/.config/zed/settings.json. Switchboard reads its &quot;agent_servers&quot; and
          &quot;context_servers&quot; (MCP servers) sections; the file is not changed.
        </p>
      </div>
      {reading && <p className="muted">Reading…</p>}

      {found && (
        <>
          {found.agents.length > 0 ? (
            <fieldset className="import-found">
              <legend className="field-label">Agents found</legend>
              <ul className="import-list">
                {found.agents.map((agent, index) => {
                  const result = outcome[index];
                  const base = `${ids}-found-${index}`;
                  return (
                    <li key={index} className="import-item">
                      <input
                        type="checkbox"
                        id={base}
                        checked={chosen[index] ?? false}
                        disabled={adding || (result !== undefined && 'added' in result)}
                        aria-describedby={`${base}-detail`}
                        onChange={(e) => setChosen((all) => all.map((c, i) => (i === index ? e.target.checked : c)))}
                      />
                      <div className="import-item-text">
                        <label htmlFor={base} className="import-name">
                          {agent.name}
                        </label>
                        <p className="import-detail" id={`${base}-detail`}>
                          <code className="import-command">{[agent.command, ...agent.args].join(' ')}</code>
                          {Object.keys(agent.env).length > 0 && (
                            <span className="import-env">
                              Environment: {Object.keys(agent.env).join(', ')} (values hidden)
                            </span>
                          )}
                          {existingNames.has(agent.name) && !result && (
                            <span className="import-note">You already have an agent with this name.</span>
                          )}
                          {result && 'added' in result && <span className="import-added">Added.</span>}
                          {result && 'error' in result && (
                            <span className="import-error plain-text">Not added: {result.error}</span>
                          )}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : (
            <p>No agent with a command was found in this file.</p>
          )}
          {found.mcpServers.length > 0 && (
            <fieldset className="import-found">
              <legend className="field-label">MCP servers found</legend>
              <ul className="import-list">
                {found.mcpServers.map((server, index) => {
                  const base = `${ids}-mcp-${index}`;
                  return (
                    <li key={index} className="import-item">
                      <input
                        type="checkbox"
                        id={base}
                        checked={chosenServers[index] ?? false}
                        disabled={adding || serversOutcome !== null}
                        aria-describedby={`${base}-detail`}
                        onChange={(e) => setChosenServers((all) => all.map((c, i) => (i === index ? e.target.checked : c)))}
                      />
                      <div className="import-item-text">
                        <label htmlFor={base} className="import-name">
                          {server.name}
                        </label>
                        <p className="import-detail" id={`${base}-detail`}>
                          <code className="import-command">{describeServer(server)}</code>
                          {mcpServers.some((m) => m.name === server.name) && (
                            <span className="import-note">You already have an MCP server with this name.</span>
                          )}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
              {serversOutcome && <p className="plain-text" role="status">{serversOutcome}</p>}
            </fieldset>
          )}
          {found.skipped.length > 0 && (
            <div className="import-skipped">
              <h3 className="field-label">Not imported</h3>
              <ul>
                {found.skipped.map((skip, index) => (
                  <li key={index} className="plain-text">
                    <strong>{skip.name}</strong>: {skip.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      {failure && (
        <p className="modal-error plain-text" role="alert">
          {failure}
        </p>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void addSelected()}
          disabled={!found || selectable === 0 || adding}
        >
          Add selected
        </button>
        <button type="button" className="button" onClick={onClose}>
          {outcome.some((r) => r && 'added' in r) ? 'Close' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}

/** An imported agent as `saveAgent` params (main mints its id). */
function toParams(agent: FoundAgent) {
  return {
    name: agent.name,
    command: agent.command,
    args: agent.args,
    env: agent.env,
    ...(agent.cwd ? { cwd: agent.cwd } : {}),
  };
}
