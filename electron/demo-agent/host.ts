/**
 * The part of a {@link TurnHost} both protocol versions share: streaming text as chunks of one message,
 * starting a new message after each tool call, thought or question, turning a form or URL question into an
 * `elicitation/create` request that a withdrawal or `session/cancel` aborts with `$/cancel_request`, and
 * waiting for the answer to a `session/request_permission`.
 */
import { randomUUID } from 'node:crypto';
import type { JsonRpcId, SendRequestOptions } from '@agentclientprotocol/sdk';
import { streamDelayMs, type ProtocolVersion } from './info';
import type { DemoServices } from './signin';
import { newSetup, type DemoSetup } from './setup';
import type {
  ElicitOutcome,
  ElicitationModes,
  FormQuestion,
  PermissionOutcome,
  PermissionQuestion,
  PlanStep,
  Question,
  SayOptions,
  ToolCallDetails,
  UrlQuestion,
  TurnHost,
  ToolCallEnd,
} from './turn-host';
import { settleElicitation, settlePermission, type PermissionAnswer } from './answer-outcomes';
import { chunkText, pause } from './turn-text';

/** The answer shape both SDK versions return for `elicitation/create`. */
export interface ElicitationAnswer {
  action: string;
  content?: Record<string, unknown> | null;
}

/** Protocol-specific half of a turn host. */
export abstract class BaseTurnHost implements TurnHost {
  abstract readonly protocol: ProtocolVersion;
  private messageId?: string;
  private messageHasText = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly sessionId: string,
    readonly promptRequestId: JsonRpcId,
    readonly modes: ElicitationModes,
    readonly cancelled: AbortSignal,
    readonly services: DemoServices,
    readonly setup: DemoSetup = newSetup([]),
  ) {}

  /** Sends one `agent_message_chunk`. */
  protected abstract sendChunk(messageId: string, text: string): Promise<void>;
  /** Sends one `agent_thought_chunk`. */
  protected abstract sendThoughtChunk(messageId: string, text: string): Promise<void>;
  /** Sends the whole plan. */
  protected abstract sendPlan(steps: PlanStep[]): Promise<void>;
  /**
   * Sends `session/request_permission`; resolves with the client's answer. `cancelled` is the turn's signal:
   * each version decides what `session/cancel` does to the pending request.
   */
  protected abstract sendPermission(question: PermissionQuestion, cancelled: AbortSignal): Promise<PermissionAnswer>;
  /** Sends `elicitation/create` with the given options; resolves with the client's answer. */
  protected abstract sendElicitation(question: Question, options: SendRequestOptions): Promise<ElicitationAnswer>;
  /** Sends `elicitation/complete`. */
  protected abstract sendComplete(elicitationId: string): Promise<void>;
  /** Sends the tool-call update that starts a tool call. */
  protected abstract sendToolCallStart(toolCallId: string, title: string, details: ToolCallDetails): Promise<void>;
  /** Sends the tool-call update that ends a tool call. */
  protected abstract sendToolCallEnd(toolCallId: string, status: ToolCallEnd): Promise<void>;
  /**
   * Called before a question (elicitation or permission request) is sent; `sessionScoped` is false for a
   * request-scoped elicitation (v2 reports `requires_action` for session-scoped ones here).
   */
  protected async beforeQuestion(_sessionScoped: boolean): Promise<void> {}
  /** Called once a question has settled, however it ended (v2 reports `running` here). */
  protected async afterQuestion(_sessionScoped: boolean): Promise<void> {}

  /** Streams one paragraph: chunks of the current agent message, separated from earlier text by a blank line. */
  say(text: string, options: SayOptions = {}): Promise<void> {
    return this.serial(async () => {
      await this.stream(text, options.evenIfCancelled === true);
      this.onSay?.(text);
    });
  }

  /** Told each paragraph the agent said, so the session can remember it for a replay. */
  onSay?: (text: string) => void;

  private async stream(text: string, evenIfCancelled: boolean): Promise<void> {
    const stopped = () => this.cancelled.aborted && !evenIfCancelled;
    if (stopped()) return;
    if (!this.messageId) {
      this.messageId = randomUUID();
      this.messageHasText = false;
    }
    const chunks = chunkText(this.messageHasText ? `\n\n${text}` : text);
    const delay = streamDelayMs();
    for (const [index, chunk] of chunks.entries()) {
      if (stopped()) return;
      if (index > 0) await pause(delay, this.cancelled);
      await this.sendChunk(this.messageId, chunk);
      this.messageHasText = true;
    }
  }

  /** Streams one thought as its own message; the agent text after it starts a new message. */
  think(text: string): Promise<void> {
    return this.serial(async () => {
      this.breakMessage();
      const messageId = randomUUID();
      const delay = streamDelayMs();
      for (const [index, chunk] of chunkText(text).entries()) {
        if (this.cancelled.aborted) return;
        if (index > 0) await pause(delay, this.cancelled);
        await this.sendThoughtChunk(messageId, chunk);
      }
    });
  }

  updatePlan(steps: PlanStep[]): Promise<void> {
    return this.serial(() => this.sendPlan(steps));
  }

  startToolCall(toolCallId: string, title: string, details: ToolCallDetails = {}): Promise<void> {
    return this.serial(() => {
      this.breakMessage();
      return this.sendToolCallStart(toolCallId, title, details);
    });
  }

  endToolCall(toolCallId: string, status: ToolCallEnd): Promise<void> {
    return this.serial(() => {
      this.breakMessage();
      return this.sendToolCallEnd(toolCallId, status);
    });
  }

  askForm(question: FormQuestion): Promise<ElicitOutcome> {
    return this.ask(question);
  }

  askUrl(question: UrlQuestion): Promise<ElicitOutcome> {
    return this.ask(question);
  }

  async askPermission(question: PermissionQuestion): Promise<PermissionOutcome> {
    if (this.cancelled.aborted) return { kind: 'turn-cancelled' };
    const sent = await this.serial(async () => {
      this.breakMessage();
      if (this.cancelled.aborted) return undefined;
      await this.beforeQuestion(true);
      return { answer: this.sendPermission(question, this.cancelled) };
    });
    if (!sent) return { kind: 'turn-cancelled' };
    const outcome = await settlePermission(sent.answer, question.options, this.cancelled);
    await this.serial(() => this.afterQuestion(true));
    return outcome;
  }

  completeElicitation(elicitationId: string): Promise<void> {
    return this.serial(() => this.sendComplete(elicitationId));
  }

  private async ask(question: Question): Promise<ElicitOutcome> {
    if (this.cancelled.aborted) return { kind: 'turn-cancelled' };
    const signals = question.withdraw ? [this.cancelled, question.withdraw] : [this.cancelled];
    // `stopWaitingOnCancel`: like the real agents in the transcripts, withdraw and move on without waiting
    // for the client's -32800 reply (the SDK drops that reply when it comes).
    const options: SendRequestOptions = { cancellationSignal: AbortSignal.any(signals), stopWaitingOnCancel: true };
    const sessionScoped = 'sessionId' in question.scope;
    // Sending is serialized (state update, then the request, in call order); waiting for the answer is not.
    const sent = await this.serial(async () => {
      this.breakMessage();
      if (this.cancelled.aborted || question.withdraw?.aborted) return undefined;
      await this.beforeQuestion(sessionScoped);
      return { answer: this.sendElicitation(question, options) };
    });
    if (!sent) return this.cancelled.aborted ? { kind: 'turn-cancelled' } : { kind: 'withdrawn' };
    const outcome = await settleElicitation(sent.answer, this.cancelled, question.withdraw);
    await this.serial(() => this.afterQuestion(sessionScoped));
    return outcome;
  }

  /**
   * Runs `task` after every earlier task of this turn has finished, so concurrent questions and paragraphs
   * reach the client whole and in call order.
   */
  protected serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Text after a tool call or a question starts a new agent message. */
  private breakMessage(): void {
    this.messageId = undefined;
    this.messageHasText = false;
  }
}
