/**
 * The sandboxed preload: exposes exactly one object, `window.switchboard`, implementing the bridge contract
 * (`SwitchboardBridge`) over IPC. The page never receives `ipcRenderer`, an IPC event object, or anything
 * but command results and event batches.
 *
 * Sandboxed preloads can only `require('electron')` (plus a few Node built-ins), so this file imports
 * `electron` and shared/ only: values from `shared/bridge-channels` alone (the contract's and the envelope's
 * types are erased), and is bundled into one CommonJS file, `out/preload/index.cjs`.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeEvent, CommandName, CommandParams, CommandResults, SwitchboardBridge } from '../../shared/bridge';
import { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/bridge-channels';
import type { InvokeEnvelope } from '../../shared/invoke-envelope';

const NO_ANSWER = 'Switchboard could not reach its main process.';

function isEnvelope(value: unknown): value is InvokeEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as { ok?: unknown; error?: unknown };
  return envelope.ok === true || (envelope.ok === false && typeof envelope.error === 'string');
}

/**
 * Runs one bridge command in main. Resolves with its result; rejects with an `Error` whose message is the
 * main process's plain sentence (never Electron's "Error invoking remote method" wrapper).
 */
async function invoke<K extends CommandName>(command: K, params: CommandParams<K>): Promise<CommandResults[K]> {
  let answer: unknown;
  try {
    answer = await ipcRenderer.invoke(IPC_INVOKE_CHANNEL, command, params);
  } catch {
    throw new Error(NO_ANSWER);
  }
  if (!isEnvelope(answer)) throw new Error(NO_ANSWER);
  if (!answer.ok) throw new Error(answer.error);
  return answer.value as CommandResults[K];
}

/** Calls `listener` with each event batch from main (the events array only); returns the unsubscribe function. */
function subscribe(listener: (events: BridgeEvent[]) => void): () => void {
  const onEvents = (_event: IpcRendererEvent, events: BridgeEvent[]): void => listener(events);
  ipcRenderer.on(IPC_EVENTS_CHANNEL, onEvents);
  return () => {
    ipcRenderer.removeListener(IPC_EVENTS_CHANNEL, onEvents);
  };
}

const bridge: SwitchboardBridge = { invoke, subscribe };

contextBridge.exposeInMainWorld('switchboard', bridge);
