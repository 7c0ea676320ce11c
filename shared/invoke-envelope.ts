/**
 * What main's handler of `IPC_INVOKE_CHANNEL` answers: a value or a plain-sentence error, never a throw
 * (Electron would prefix a thrown error with "Error invoking remote method"; docs/electron-shell.md, IPC).
 * Types only, in shared/ so the sandboxed preload imports nothing but `electron` and shared/ (architecture rule 1).
 */
export type InvokeEnvelope = { ok: true; value: unknown } | { ok: false; error: string };
