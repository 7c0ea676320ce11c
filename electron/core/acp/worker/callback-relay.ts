/**
 * The connection's callbacks as this worker gives them to the SDK (docs/isolation.md): each one crosses to main as
 * a call in the event queue, and a request waits for main's `result`. What main would refuse anyway is refused
 * here first (a form's size, MAX_FORM_SCHEMA_BYTES), and requests waiting for an answer hold at most
 * MAX_PENDING_BYTES_PER_AGENT.
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { ConnectionCallbacks } from '../agent-connection';
import type { NormalizedUpdate } from '../session-updates';
import { MAX_FORM_SCHEMA_BYTES, MAX_PENDING_BYTES_PER_AGENT, TOO_MANY_REQUESTS } from '../../budgets';
import { findSchemaSizeProblem } from '../../../../shared/form-schema/limits';
import { CALLBACK_KINDS, encodeSignals, fromWireError, toWireError, type CallbackName, type MainToWorker, type WorkerToMain } from './surface';
import type { EventQueue } from './event-queue';

const MiB = 1024 * 1024;

/**
 * Refused forms the user is told of per connection, each in a notice of its own (errors stay until dismissed);
 * past them the agent is still answered, and the user has been told enough to know this agent misbehaves.
 */
const MAX_REFUSED_FORM_NOTICES = 3;

/** What a streamed text update adds beyond its strings when posted (the update's fixed fields), in bytes. */
const TEXT_UPDATE_OVERHEAD_BYTES = 64;

/**
 * The size a call is counted at against the event window and the pending-bytes budget: its JSON length, except
 * for streamed text, counted as its strings' lengths plus {@link TEXT_UPDATE_OVERHEAD_BYTES} (JSON.stringify of
 * every chunk was 7 % of the worker's ingest time; a string's length is also nearer what it costs to clone).
 */
function wireBytes(name: CallbackName, wireArgs: unknown[]): number {
  if (name === 'onSessionUpdate') {
    const update = wireArgs[1] as NormalizedUpdate;
    if (update.kind === 'agent_text' || update.kind === 'thought_text' || update.kind === 'user_text') {
      return TEXT_UPDATE_OVERHEAD_BYTES + (wireArgs[0] as string).length + update.text.length + (update.messageId?.length ?? 0);
    }
  }
  return JSON.stringify(wireArgs).length;
}

/** Relays the SDK's callbacks to main for one connection. */
export class CallbackRelay {
  /** Ids of this worker's calls and of the signals that cross with them: one sequence, as main sees them. */
  private nextId = 1;
  private readonly pendingCalls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; bytes: number }>();
  private heldBytes = 0;
  /** The user is told once per connection that requests are being refused, not once per request. */
  private toldAboutHeldBytes = false;
  private readonly signalListeners = new Map<number, { signal: AbortSignal; onAbort: () => void }>();
  private refusedFormNotices = 0;

  /**
   * Checks run here, on what the agent sent, before a callback crosses to main: what main would refuse
   * anyway is refused without main ever holding it. Throw a RequestError to answer the agent. A check that
   * measured the call's JSON returns its length, which then stands for {@link wireBytes} (one serialisation
   * of a form per request, not two).
   */
  private readonly prechecks: { [K in CallbackName]?: (...args: Parameters<ConnectionCallbacks[K]>) => number | undefined } = {
    onElicitation: (request) => {
      const { params } = request;
      if (params.mode !== 'form') return undefined;
      const problem = findSchemaSizeProblem(params.requestedSchema);
      if (problem) this.refuseForm(problem);
      // The whole request's JSON bounds its schema's, so only a request over the limit has its schema measured apart.
      const requestBytes = JSON.stringify([request]).length;
      if (requestBytes <= MAX_FORM_SCHEMA_BYTES) return requestBytes;
      const bytes = JSON.stringify(params.requestedSchema ?? null).length;
      if (bytes > MAX_FORM_SCHEMA_BYTES) {
        this.refuseForm(`The form's schema is ${(bytes / MiB).toFixed(1)} MiB; Switchboard takes at most ${MAX_FORM_SCHEMA_BYTES / MiB} MiB.`);
      }
      return requestBytes;
    },
  };

  /**
   * @param events the queue calls, and aborts behind them, go out through.
   * @param post posts a message to main at once (notices, which wait for nothing).
   */
  constructor(
    private readonly events: EventQueue,
    private readonly post: (message: WorkerToMain) => void,
  ) {}

  /** The callbacks to hand to `connectAgent`. */
  callbacks(): ConnectionCallbacks {
    const proxy = {} as Record<CallbackName, (...args: unknown[]) => unknown>;
    for (const name of Object.keys(CALLBACK_KINDS) as CallbackName[]) {
      proxy[name] = (...args: unknown[]) => {
        const measured = (this.prechecks[name] as ((...a: unknown[]) => number | undefined) | undefined)?.(...args);
        const signalIds: number[] = [];
        const wireArgs = encodeSignals(args, (signal) => {
          const id = this.registerSignal(signal);
          signalIds.push(id);
          return id;
        });
        // The measured JSON counts each signal as `{}` where its marker crosses: a few bytes, for budgets in MiB.
        const bytes = measured ?? wireBytes(name, wireArgs);
        if (CALLBACK_KINDS[name] === 'notify') {
          this.events.push({ name, args: wireArgs }, bytes);
          return undefined;
        }
        if (this.heldBytes + bytes > MAX_PENDING_BYTES_PER_AGENT) {
          this.forgetSignals(signalIds);
          const text = `its requests waiting for an answer already hold ${MAX_PENDING_BYTES_PER_AGENT / MiB} MiB`;
          if (!this.toldAboutHeldBytes) this.post({ t: 'notice', text: `Switchboard refused a request from this agent: ${text}. Answer or dismiss some first.` });
          this.toldAboutHeldBytes = true;
          return Promise.reject(new RequestError(TOO_MANY_REQUESTS, `Too much is waiting: ${text}; try again later`));
        }
        const callId = this.nextId++;
        this.heldBytes += bytes;
        return new Promise((resolve, reject) => {
          this.pendingCalls.set(callId, { resolve, reject, bytes });
          this.events.push({ name, args: wireArgs, callId }, bytes);
        }).finally(() => this.forgetSignals(signalIds));
      };
    }
    // The stream's hot path, once per chunk: a session update is a notification with no precheck and no signal, so
    // it goes straight to the queue (coalesced there with the text before it) without the generic steps above.
    const events = this.events;
    proxy.onSessionUpdate = (sessionId, update) => {
      const args = [sessionId, update];
      events.push({ name: 'onSessionUpdate', args }, wireBytes('onSessionUpdate', args));
    };
    return proxy as unknown as ConnectionCallbacks;
  }

  /** Main's answer to one of the calls: settles it and frees the bytes it held. Unknown call ids are ignored. */
  answered(message: Extract<MainToWorker, { t: 'result' }>): void {
    const call = this.pendingCalls.get(message.callId);
    if (!call) return;
    this.pendingCalls.delete(message.callId);
    this.heldBytes -= call.bytes;
    if (message.ok) call.resolve(message.value);
    else call.reject(fromWireError(message.error));
  }

  private registerSignal(signal: AbortSignal): number {
    const signalId = this.nextId++;
    // Callbacks queued before the abort reach main before it (the request it aborts may be among them).
    const onAbort = () => this.events.post({ t: 'abort', signalId, reason: toWireError(signal.reason) });
    // The SDK may abort a request's signal before its handler runs (a `$/cancel_request` right behind the
    // request): an abort listener would then never fire and the request would wait for ever (spec E-CXL-1).
    // The abort is posted after the call that carries the signal, which the caller queues synchronously.
    if (signal.aborted) queueMicrotask(onAbort);
    else signal.addEventListener('abort', onAbort, { once: true });
    this.signalListeners.set(signalId, { signal, onAbort });
    return signalId;
  }

  private forgetSignals(ids: number[]): void {
    for (const id of ids) {
      const entry = this.signalListeners.get(id);
      entry?.signal.removeEventListener('abort', entry.onAbort);
      this.signalListeners.delete(id);
    }
  }

  /**
   * Refuses a form the worker found too large to show: the agent gets -32602 with `reason` (a sentence, as
   * findSchemaSizeProblem gives), and the user the same sentence (main's own refusals become a refused card; these
   * never reach main). Always throws.
   */
  private refuseForm(reason: string): never {
    if (this.refusedFormNotices < MAX_REFUSED_FORM_NOTICES) {
      this.refusedFormNotices += 1;
      this.post({ t: 'notice', text: `Switchboard refused a form this agent asked for: ${reason} The agent was told; nothing was asked of you.` });
    }
    throw RequestError.invalidParams({ requestedSchema: reason }, reason);
  }
}
