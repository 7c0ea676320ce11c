import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ConfigOptionView, SessionView } from '../../../shared/views/sessions';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { useCloseOnPointerOutside } from '../shell/close-on-pointer-outside';
import { formatUsage } from './model/session-bar-text';
import { newestUserEntryId } from './model/transcript-text';
import { useCompactSession, useMediumSession } from '../shell/media-query';
import './SessionBar.css';

interface SessionBarProps {
  session: SessionView;
  /** The agent is ready: changes can be sent. */
  live: boolean;
}

/**
 * The session bar: the session's mode (v1 `session/set_mode`) and each config option
 * (`session/set_config_option`) as pickers, a boolean option as a switch; usage as the agent last reported it;
 * the MCP servers the session got, and those left out with the reason. A picker shows the agent's current value
 * (from `session/new` and the update notifications); a refusal is shown beside the picker, which keeps the
 * agent's value.
 */
export function SessionBar({ session, live }: SessionBarProps) {
  const bridge = useBridge();
  const ids = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { modes, configOptions = [], usage, mcp } = session;
  const compact = useCompactSession();
  const medium = useMediumSession();
  // A refusal is about the last change: a message the user sent since makes it old news. (Not the foreground
  // state: a quick turn goes running and idle again within one render, and every session event brings a new
  // foreground object, a usage update just after the refusal among them.)
  const newestMessage = newestUserEntryId(session.transcript);
  const errorsFrom = useRef(newestMessage);
  useEffect(() => {
    if (errorsFrom.current === newestMessage) return;
    errorsFrom.current = newestMessage;
    setErrors({});
  }, [newestMessage]);

  async function change(key: string, send: () => Promise<unknown>): Promise<void> {
    setBusy(key);
    setErrors(({ [key]: _gone, ...rest }) => rest);
    try {
      await send();
      // A change that went through: earlier refusals no longer describe the session.
      setErrors({});
    } catch (error) {
      setErrors((all) => ({ ...all, [key]: errorSentence(error) }));
    } finally {
      setBusy(null);
    }
  }

  const hasPickers = (modes && modes.available.length > 0) || configOptions.length > 0;
  if (!hasPickers && !usage && !mcp?.sent.length && !mcp?.skipped.length) return null;
  const usageText = usage ? formatUsage(usage) : null;

  // Booleans only: a bare `0` (no servers) would be drawn as text.
  const facts = (!!usageText || !!mcp?.sent.length || !!mcp?.skipped.length) && (
    <p className="session-bar-facts">
      {usageText && (
        <span className="session-bar-usage" title={usageText.long}>
          {usageText.short}
        </span>
      )}
      {mcp && mcp.sent.length > 0 && <span className="session-bar-mcp">MCP: {mcp.sent.join(', ')}</span>}
      {mcp && mcp.skipped.length > 0 && (
        <span className="session-bar-skipped">
          Not given: {mcp.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}
        </span>
      )}
    </p>
  );
  const pickers = (
    <>
      {modes && modes.available.length > 0 && (
        <Picker
          id={`${ids}-mode`}
          label="Mode"
          error={errors.mode}
          disabled={!live || busy !== null}
          value={modes.currentModeId}
          options={modes.available.map((m) => ({ value: m.id, name: m.name, description: m.description }))}
          onChange={(modeId) => void change('mode', () => bridge.invoke('setSessionMode', { sessionKey: session.sessionKey, modeId }))}
        />
      )}
      {configOptions.map((option) => (
        <OptionControl
          key={option.configId}
          id={`${ids}-opt-${option.configId}`}
          option={option}
          error={errors[`opt:${option.configId}`]}
          disabled={!live || busy !== null}
          onChange={(value) =>
            void change(`opt:${option.configId}`, () =>
              bridge.invoke('setSessionConfigOption', { sessionKey: session.sessionKey, configId: option.configId, value }),
            )
          }
        />
      ))}
    </>
  );

  // A compact session (800×600 beside a request): everything behind the one button, so the bar stays one line.
  if (compact) {
    return (
      <SettingsMenu>
        <div className="session-bar" role="group" aria-label="Session settings">
          {facts}
          {pickers}
        </div>
      </SettingsMenu>
    );
  }
  // A medium one (1440 px beside a request, 800 px without): usage stays in sight, the pickers go behind the button.
  if (medium && hasPickers) {
    return (
      <div className="session-bar session-bar-medium" role="group" aria-label="Session settings">
        {facts}
        <SettingsMenu>
          <div className="session-bar">{pickers}</div>
        </SettingsMenu>
      </div>
    );
  }
  /* The facts first: in a wide session the bar grows leftward from the window's edge, so usage arriving after a
     turn moves none of the pickers. */
  return (
    <div className="session-bar" role="group" aria-label="Session settings">
      {facts}
      {pickers}
    </div>
  );
}

/**
 * A compact session's settings behind one "Settings" button (at 800 px beside a
 * request the state and the pickers wrapped the session's bar to two lines). The button says whether the panel is
 * open (`aria-expanded`); Escape or a click outside closes it, Escape returning focus to the button.
 */
function SettingsMenu({ children }: { children: ReactNode }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useCloseOnPointerOutside(root, open, () => setOpen(false));
  return (
    <div
      className="session-bar-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        type="button"
        ref={button}
        className="button session-bar-menu-button"
        aria-label="Session settings"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        onClick={() => setOpen((was) => !was)}
      >
        Settings <span aria-hidden="true">▾</span>
      </button>
      <div id={`${ids}-panel`} className="session-bar-panel popover-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

function OptionControl({ id, option, error, disabled, onChange }: { id: string; option: ConfigOptionView; error?: string; disabled: boolean; onChange: (value: string | boolean) => void }) {
  if (option.type === 'boolean') {
    return (
      <div className="session-bar-control">
        <label className="session-bar-switch" htmlFor={id} title={option.description}>
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={option.currentValue}
            disabled={disabled}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onChange(e.target.checked)}
          />
          <span>{option.name}</span>
        </label>
        {error && (
          <p className="session-bar-error plain-text" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <Picker
      id={id}
      label={option.name}
      description={option.description}
      error={error}
      disabled={disabled}
      value={option.currentValue}
      options={option.options}
      onChange={onChange}
    />
  );
}

interface PickerProps {
  id: string;
  label: string;
  description?: string;
  error?: string;
  disabled: boolean;
  value: string;
  options: Array<{ value: string; name: string; description?: string; group?: string }>;
  onChange: (value: string) => void;
}

/** A labelled native select (keyboard and screen readers for free); grouped values become optgroups. */
function Picker({ id, label, description, error, disabled, value, options, onChange }: PickerProps) {
  const groups = [...new Set(options.map((o) => o.group))];
  const item = (o: PickerProps['options'][number]) => (
    <option key={o.value} value={o.value} title={o.description}>
      {o.name}
    </option>
  );
  return (
    <div className="session-bar-control">
      <label className="session-bar-label" htmlFor={id} title={description}>
        {label}
      </label>
      <select
        id={id}
        title={description ? `${label}: ${description}` : label}
        className="session-bar-select"
        value={value}
        disabled={disabled}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {!options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {groups.length > 1 || groups[0] !== undefined
          ? groups.map((group) => (
              <optgroup key={group ?? ''} label={group ?? 'Other'}>
                {options.filter((o) => o.group === group).map(item)}
              </optgroup>
            ))
          : options.map(item)}
      </select>
      {error && (
        <p className="session-bar-error plain-text" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
