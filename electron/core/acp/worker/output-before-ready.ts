/**
 * What an agent prints on its standard output before it answers `initialize`, watched for text that is not an
 * ACP message (handshake-failure.ts). The SDK skips such a line (it answers it with a parse error and reads on),
 * so without this a program that prints a usage text, a server's "listening on…" or a prompt and then waits
 * would be told only by the initialize time-out. Runs only until the handshake is done: the worker stops
 * feeding it then, so the stream's hot path never passes through here.
 *
 * A line is taken as an ACP message when its first character past white space is `{` (every JSON-RPC message
 * on ACP's stdio transport is one JSON object a line); the SDK still decides what the line really is.
 */
import { MAX_UNREADABLE_LINES_BEFORE_INITIALIZE, UNREADABLE_OUTPUT_GRACE_MS } from '../../budgets';
import { HandshakeFailed, MAX_PRINTED_BYTES } from '../handshake-failure';

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
/** Bytes skipped at a line's start: space, tab, carriage return, and the UTF-8 byte order mark's three. */
const LEADING_BYTES = new Set([0x20, 0x09, 0x0d, 0xef, 0xbb, 0xbf]);

export class OutputBeforeReady {
  /**
   * Rejects with a {@link HandshakeFailed} quoting the first unreadable line, {@link UNREADABLE_OUTPUT_GRACE_MS}
   * after it (the agent may still answer; then {@link stop} is called first), or at once when more than
   * {@link MAX_UNREADABLE_LINES_BEFORE_INITIALIZE} such lines came. Never rejects after {@link stop}.
   */
  readonly givenUp: Promise<never>;
  private reject!: (error: HandshakeFailed) => void;
  private atLineStart = true;
  private quoting = false;
  private unreadableLines = 0;
  private readonly quote: number[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  /**
   * @param graceMs how long after the first unreadable line {@link givenUp} rejects; `null` for a watcher that
   *   only keeps the quote and never gives up (main's own copy, read while the worker may still be booting).
   */
  constructor(private readonly graceMs: number | null = UNREADABLE_OUTPUT_GRACE_MS) {
    this.givenUp = new Promise<never>((_, reject) => (this.reject = reject));
    // Nobody may be waiting on it (the handshake ended another way); that is not an unhandled rejection.
    this.givenUp.catch(() => {});
  }

  /**
   * The first line that is not an ACP message, at most MAX_PRINTED_BYTES of it, unredacted and uncut (main
   * redacts it whole, then cuts it: agents/agent-supervisor.ts); undefined if none.
   */
  get printed(): string | undefined {
    if (!this.quote.length) return undefined;
    // A multi-byte character cut at the bound decodes to U+FFFD, which the quote may show; it is never a secret.
    return new TextDecoder().decode(Uint8Array.from(this.quote)).trimEnd();
  }

  /** Reads one chunk of the agent's output (before the handshake is done). */
  take(chunk: Uint8Array): void {
    if (this.stopped) return;
    for (const byte of chunk) {
      if (byte === NEWLINE) {
        this.atLineStart = true;
        this.quoting = false;
      } else if (this.atLineStart) {
        if (LEADING_BYTES.has(byte)) continue;
        this.atLineStart = false;
        if (byte !== OPEN_BRACE) this.unreadableLine(byte);
      } else if (this.quoting && this.quote.length < MAX_PRINTED_BYTES) {
        this.quote.push(byte);
      }
    }
  }

  /** The handshake is done (or over): nothing more is watched and {@link givenUp} never rejects. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private unreadableLine(first: number): void {
    this.unreadableLines++;
    if (this.unreadableLines === 1) {
      this.quoting = true;
      this.quote.push(first);
      if (this.graceMs !== null) this.timer = setTimeout(() => this.giveUp('it printed text that is not an ACP message'), this.graceMs);
    } else if (this.unreadableLines > MAX_UNREADABLE_LINES_BEFORE_INITIALIZE) {
      this.giveUp(`it printed more than ${MAX_UNREADABLE_LINES_BEFORE_INITIALIZE} lines that are not ACP messages, the first`);
    }
  }

  private giveUp(clause: string): void {
    if (this.stopped || this.graceMs === null) return;
    this.stop();
    this.reject(new HandshakeFailed(clause, this.printed));
  }
}
