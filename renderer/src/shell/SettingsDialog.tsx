import { useEffect, useId, useState } from 'react';
import type { AppSettingsView } from '../../../shared/views/settings';
import { errorSentence, useBridge } from './bridge-context';
import { Modal } from './Modal';
import { ThemeSetting } from './ThemeSetting';
import './SettingsDialog.css';

type Loaded = { kind: 'loading' } | { kind: 'loaded'; settings: AppSettingsView } | { kind: 'failed'; error: string };

/**
 * The Settings dialog (the app menu's Settings, the sidebar's Settings button, Ctrl/⌘+,): the theme (kept by
 * this window) and automatic updates (kept by main in settings.json; the updater follows at once). Agents and MCP
 * servers have their own dialogs. Each change applies as soon as it is made; there is nothing to save.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const bridge = useBridge();
  const ids = useId();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Opened from the menu with nothing focused, closing would leave focus on <body>: the sidebar's Settings button
  // takes it instead (focus never lands on body).
  const [opener] = useState(() => document.activeElement);
  const returnFocus = () =>
    opener instanceof HTMLElement && opener !== document.body && opener.isConnected
      ? null
      : document.querySelector<HTMLElement>('button.settings-button');

  useEffect(() => {
    let live = true;
    bridge.invoke('getAppSettings', {}).then(
      (settings) => live && setState({ kind: 'loaded', settings }),
      (error: unknown) => live && setState({ kind: 'failed', error: errorSentence(error) }),
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  /** Shows the change at once, then main's answer (the settings as saved); a refusal puts the old value back. */
  async function setAutoUpdates(before: AppSettingsView, autoUpdates: boolean): Promise<void> {
    setSaving(true);
    setSaveError(null);
    setState({ kind: 'loaded', settings: { ...before, autoUpdates } });
    try {
      setState({ kind: 'loaded', settings: await bridge.invoke('setAppSettings', { autoUpdates }) });
    } catch (error) {
      setState({ kind: 'loaded', settings: before });
      setSaveError(`Could not change the setting: ${errorSentence(error)}`);
    } finally {
      setSaving(false);
    }
  }

  const settings = state.kind === 'loaded' ? state.settings : null;
  return (
    <Modal label="Settings" onClose={onClose} className="settings-dialog" returnFocus={returnFocus}>
      <h2 className="modal-title">Settings</h2>
      <section className="settings-section" aria-labelledby={`${ids}-look`}>
        <h3 className="settings-heading" id={`${ids}-look`}>
          Appearance
        </h3>
        <ThemeSetting />
      </section>
      <section className="settings-section" aria-labelledby={`${ids}-updates`}>
        <h3 className="settings-heading" id={`${ids}-updates`}>
          Updates
        </h3>
        {state.kind === 'loading' && <p className="muted">Loading…</p>}
        {state.kind === 'failed' && (
          <p className="modal-error plain-text" role="alert">
            {state.error}
          </p>
        )}
        {settings && (
          <div className={`settings-check${settings.updatesUnavailable ? ' is-unavailable' : ''}`}>
            {/* A copy that can never update (main's one answer, update-availability.ts) shows the setting disabled, with why. */}
            <input
              type="checkbox"
              id={`${ids}-auto`}
              checked={settings.autoUpdates}
              disabled={settings.updatesUnavailable !== undefined}
              aria-busy={saving || undefined}
              aria-describedby={`${ids}-auto-help${settings.updatesUnavailable ? ` ${ids}-auto-note` : ''}`}
              onChange={(event) => {
                if (!saving) void setAutoUpdates(settings, event.target.checked);
              }}
            />
            <div>
              <label htmlFor={`${ids}-auto`} className="settings-label">
                Check for updates automatically
              </label>
              <p className="settings-help" id={`${ids}-auto-help`}>
                Looks for a new version at start and every few hours and downloads it in the background. Switchboard asks
                before restarting, and never while a request is waiting for you or a form is half filled.
              </p>
              {settings.updatesUnavailable && (
                <p className="settings-note plain-text" id={`${ids}-auto-note`}>
                  {settings.updatesUnavailable}
                </p>
              )}
            </div>
          </div>
        )}
        {saveError && (
          <p className="modal-error plain-text" role="alert">
            {saveError}
          </p>
        )}
      </section>
      <div className="modal-actions">
        <button type="button" className="button modal-actions-end" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
