/**
 * IPC channel names used by the Electron preload and the main binding. Kept apart from `bridge.ts` so the
 * sandboxed preload bundle does not carry zod (the validators run in main).
 */
export const IPC_INVOKE_CHANNEL = 'switchboard:invoke';
export const IPC_EVENTS_CHANNEL = 'switchboard:events';
