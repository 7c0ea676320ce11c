/**
 * The part of a {@link TurnHost} both protocol versions share: streaming text as chunks of one message,
 * starting a new message after each tool call or question, and turning a form or URL question into an
 * `elicitation/create` request that a withdrawal or `session/cancel` aborts with `$/cancel_request`.
 */
import { randomUUID } from 'node:crypto';
import type { JsonRpcId, SendRequestOptions } from '@agentclientprotocol/sdk';
import { streamDelayMs, type ProtocolVersion } from './info';
import type { DemoServices } from './signin';
import {
  chunkText,
  pause,
  settleElicitation,
  type ElicitOutcome,
  type ElicitationModes,
  type FormQuestion,
  type Question,
  type UrlQuestion,
  type TurnHost,
  type ToolCallEnd,
} from './turn';

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
  ) {}

  /** Sends one `agent_message_chunk`. */
  protected abstract sendChunk(messageId: string, text: string): Promise<void>;
  /** Sends `elicitation/create` with the given options; resolves with the client's answer. */
  protected abstract sendElicitation(question: Question, options: SendRequestOptions): Promise<ElicitationAnswer>;
  /** Sends `elicitation/complete`. */
  protected abstract sendComplete(elicitationId: string): Promise<void>;
  /** Sends the tool-call update that starts a tool call. */
  protected abstract sendToolCallStart(toolCallId: string, title: string): Promise<void>;
  /** Sends the tool-call update that ends a tool call. */
  protected abstract sendToolCallEnd(toolCallId: string, status: ToolCallEnd): Promise<void>;
  /** Called before a question is sent (v2 reports `requires_action` here). */
  protected async beforeQuestion(_question: Question): Promise<void> {}
  /** Called once a question has settled, however it ended (v2 reports `running` here). */
  protected async afterQuestion(_question: Question, _outcome: ElicitOutcome): Promise<void> {}

  /** Streams one paragraph: chunks of the current agent message, separated from earlier text by a blank line. */
  say(text: string): Promise<void> {
    return this.serial(() => this.stream(text));
  }

  private async stream(text: string): Promise<void> {
    if (this.cancelled.aborted) return;
    if (!this.messageId) {
      this.messageId = randomUUID();
      this.messageHasText = false;
    }
    const chunks = chunkText(this.messageHasText ? `\n\n${text}` : text);
    const delay = streamDelayMs();
    for (const [index, chunk] of chunks.entries()) {
      if (this.cancelled.aborted) return;
      if (index > 0) await pause(delay, this.cancelled);
      await this.sendChunk(this.messageId, chunk);
      this.messageHasText = true;
    }
  }

  startToolCall(toolCallId: string, title: string): Promise<void> {
    return this.serial(() => {
      this.breakMessage();
      return this.sendToolCallStart(toolCallId, title);
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

  completeElicitation(elicitationId: string): Promise<void> {
    return this.serial(() => this.sendComplete(elicitationId));
  }

  private async ask(question: Question): Promise<ElicitOutcome> {
    if (this.cancelled.aborted) return { kind: 'turn-cancelled' };
    const signals = question.withdraw ? [this.cancelled, question.withdraw] : [this.cancelled];
    // `stopWaitingOnCancel`: like the real agents in the transcripts, withdraw and move on without waiting
    // for the client's -32800 reply (the SDK drops that reply when it comes).
    const options: SendRequestOptions = { cancellationSignal: AbortSignal.any(signals), stopWaitingOnCancel: true };
    // Sending is serialized (state update, then the request, in call order); waiting for the answer is not.
    const sent = await this.serial(async () => {
      this.breakMessage();
      if (this.cancelled.aborted || question.withdraw?.aborted) return undefined;
      await this.beforeQuestion(question);
      return { answer: this.sendElicitation(question, options) };
    });
    if (!sent) return this.cancelled.aborted ? { kind: 'turn-cancelled' } : { kind: 'withdrawn' };
    const outcome = await settleElicitation(sent.answer, this.cancelled, question.withdraw);
    await this.serial(() => this.afterQuestion(question, outcome));
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
