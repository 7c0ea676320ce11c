/**
 * The one IPC wrapper between the main window and the hub (architecture rule 2; style: "IPC is validated in
 * the transport wrapper, never left to each handler").
 *
 * Renderer → main: `ipcRenderer.invoke(IPC_INVOKE_CHANNEL, command, params)` is answered with an
 * {@link InvokeEnvelope}, never a thrown error, because Electron prefixes thrown errors with
 * "Error invoking remote method …"; the preload unwraps the envelope so the user reads a plain sentence.
 * Main → renderer: every hub event batch is sent on `IPC_EVENTS_CHANNEL` to the main window only.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL, isCommandName, type BridgeEvent } from '../../shared/bridge';
import type { InvokeEnvelope } from '../../shared/invoke-envelope';
import { isSameOrigin } from './url-origin';

/** The part of the hub the binding uses (`electron/core/hub.ts` satisfies it). */
export interface BridgeHub {
  invoke(command: string, params: unknown): Promise<unknown>;
  subscribe(listener: (events: BridgeEvent[]) => void): () => void;
}

/** Decides whether an invoke came from our own page; see {@link createSenderCheck}. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** Returns the main window's live web contents, or `null` when there is no window (or it is destroyed). */
export type MainWebContentsGetter = () => WebContents | null;

const UNTRUSTED_SENDER = 'This window is not allowed to send commands to Switchboard.';
const UNKNOWN_FAILURE = 'Something went wrong in the Switchboard main process.';

/**
 * Builds the sender check: an invoke is trusted only when it comes from the main window's web contents,
 * from its main frame (not a subframe), and that frame's current URL has origin `allowedOrigin`
 * (`app://switchboard`, or the dev server's origin under `electron-vite dev`).
 */
export function createSenderCheck(getMainWebContents: MainWebContentsGetter, allowedOrigin: string): SenderCheck {
  return (event) => {
    const mainContents = getMainWebContents();
    if (!mainContents || event.sender !== mainContents) return false;
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return isSameOrigin(frame.url, allowedOrigin);
  };
}

function describeCommand(command: unknown): string {
  return typeof command === 'string' ? `"${command.slice(0, 60)}"` : `of type ${typeof command}`;
}

/**
 * Binds the bridge contract to IPC.
 * - Handles `IPC_INVOKE_CHANNEL` with `ipcMain.handle(channel, (event, command, params))`: an untrusted
 *   sender or an unknown command name is answered `{ ok: false, error }` without reaching the hub; otherwise
 *   `hub.invoke(command, params)` (which validates `params`) resolves to `{ ok: true, value }` or its
 *   rejection becomes `{ ok: false, error: <the Error's message> }`.
 * - Forwards every hub event batch to `getEventTarget()` on `IPC_EVENTS_CHANNEL`, skipping when there is no
 *   live main window.
 * Returns a function that removes the handler and the subscription.
 */
export function bindBridge(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  hub: BridgeHub,
  isTrustedSender: SenderCheck,
  getEventTarget: MainWebContentsGetter = () => null,
): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, command: unknown, params: unknown): Promise<InvokeEnvelope> => {
    if (!isTrustedSender(event)) return { ok: false, error: UNTRUSTED_SENDER };
    if (!isCommandName(command)) {
      return { ok: false, error: `Switchboard does not know the command ${describeCommand(command)}.` };
    }
    try {
      return { ok: true, value: await hub.invoke(command, params) };
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : UNKNOWN_FAILURE;
      return { ok: false, error: message };
    }
  });
  const unsubscribe = hub.subscribe((events) => {
    const target = getEventTarget();
    if (!target || target.isDestroyed()) return;
    target.send(IPC_EVENTS_CHANNEL, events);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
