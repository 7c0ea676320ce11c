/**
 * One session of the demo agent: its turns run one at a time (later prompts are held until the earlier ones
 * end), `session/cancel` aborts the running turn and every held one, and what was said is remembered for
 * `session/load` and resume.
 */
import { RequestError } from '@agentclientprotocol/sdk';
import { newSetup, type DemoSetup } from './setup';
import { remember, type DemoMessage } from './session-file';
import type { DemoStopReason } from './turn-host';

/** One turn's handle, owned by the prompt handler that started it. */
export interface TurnSlot {
  /** Aborted by `session/cancel` or `session/close`. */
  signal: AbortSignal;
  /** Frees the session for the next prompt. Call exactly once. */
  end(): void;
}

/** One session the demo agent created. Prompts run one at a time; later ones wait (are "held"). */
export class DemoSession {
  readonly createdAt = new Date();
  updatedAt = new Date();
  title?: string;
  /** How the last turn ended: a v2 resume's idle snapshot carries it, as real agents' aggregate snapshots do. */
  lastStopReason?: DemoStopReason;
  /** What was said, for `session/load` and a v2 resume with `replayFrom` (bounded, see session-file.ts). */
  messages: DemoMessage[] = [];
  /** Created or changed by this process: only such sessions are written (another process owns the rest). */
  touched = true;
  private tail: Promise<void> = Promise.resolve();
  private current?: AbortController;
  private readonly held = new Set<AbortController>();

  /** Modes, options and MCP servers of this session. */
  readonly setup: DemoSetup;

  constructor(
    readonly sessionId: string,
    readonly cwd: string,
    mcpServers: ReadonlyArray<unknown> = [],
  ) {
    this.setup = newSetup(mcpServers);
  }

  /** True while a turn is running (not merely held). */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /**
   * Waits until earlier turns have ended, then claims the session. Resolves `undefined` when the prompt was
   * cancelled while it waited.
   */
  async beginTurn(): Promise<TurnSlot | undefined> {
    const controller = new AbortController();
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    this.held.add(controller);
    await previous;
    this.held.delete(controller);
    if (controller.signal.aborted) {
      release();
      return undefined;
    }
    this.current = controller;
    this.updatedAt = new Date();
    let ended = false;
    return {
      signal: controller.signal,
      end: () => {
        if (ended) return;
        ended = true;
        if (this.current === controller) this.current = undefined;
        this.updatedAt = new Date();
        release();
      },
    };
  }

  /** Remembers a message; the first prompt becomes the session's title. Returns true when the title was set. */
  remember(role: DemoMessage['role'], text: string): boolean {
    remember(this.messages, role, text);
    this.touched = true;
    this.updatedAt = new Date();
    if (role !== 'user' || this.title) return false;
    const line = text.trim().split('\n')[0];
    this.title = line.length > 60 ? `${line.slice(0, 59)}…` : line;
    return Boolean(this.title);
  }

  /** Cancels the running turn and every held prompt. Prompts sent afterwards are not affected. */
  cancel(reason: string): void {
    const error = RequestError.requestCancelled(undefined, reason);
    this.current?.abort(error);
    for (const controller of this.held) controller.abort(error);
  }
}
