import './MissingToken.css';
/**
 * Shown instead of the app when the page runs under the harness (no `window.switchboard`) but was opened
 * without its `?token=`: the harness refuses such connections, so retrying would only say "Connecting…" forever.
 */
export function MissingToken() {
  return (
    <main className="missing-token">
      <h1>Switchboard cannot connect from this address</h1>
      <p>This page was opened without its access token, so the harness does not let it in.</p>
      <p>
        Open the address the harness printed — it includes <code>?token=…</code>
      </p>
    </main>
  );
}
