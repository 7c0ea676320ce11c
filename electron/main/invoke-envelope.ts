/**
 * What `ipcMain.handle(IPC_INVOKE_CHANNEL)` answers: a value or a plain-sentence error, never a throw.
 * Types only, so the sandboxed preload can import it without pulling main-process code into its bundle.
 */
export type InvokeEnvelope = { ok: true; value: unknown } | { ok: false; error: string };
