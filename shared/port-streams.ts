/**
 * Web byte streams over a message port (Electron's utilityProcess ↔ `process.parentPort`), so the SDK's
 * `ndJsonStream` frames ACP over a port exactly as it does over stdio and both ends stay ordinary ACP peers.
 *
 * Each message is one chunk of the newline-delimited JSON byte stream (a `Uint8Array`, structured-cloned
 * by the port); `null` means end of stream, like EOF on a pipe. Anything else that arrives is dropped: the
 * port carries nothing but bytes.
 *
 * In shared/ because both ends use it: the core's port agent (electron/core/agents/port-agent.ts) and the
 * demo agent (electron/demo-agent/index.ts), which imports nothing of the core. Web streams only, no Node.
 */

/** The end-of-stream message. */
export const PORT_EOF = null;

export interface PortStreams {
  /** Bytes from the other end, in order; closes on {@link PORT_EOF} or {@link PortStreams.close}. */
  readable: ReadableStream<Uint8Array>;
  /** Bytes to the other end: each chunk becomes one `post` call; closing it posts {@link PORT_EOF}. */
  writable: WritableStream<Uint8Array>;
  /** Feed a message that arrived on the port (its data). */
  deliver(message: unknown): void;
  /** The port is gone (the other end exited): end {@link PortStreams.readable} and stop posting. */
  close(): void;
}

/**
 * Builds the two streams over one port. `post` sends one message (a chunk, or {@link PORT_EOF}); it is
 * not called after {@link PortStreams.close}.
 */
export function createPortStreams(post: (message: Uint8Array | null) => void): PortStreams {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    try {
      controller.close();
    } catch {
      // Already cancelled by the reader.
    }
  };
  const readable = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      ended = true;
    },
  });
  let closed = false;
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => {
      if (!closed) post(chunk);
    },
    close: () => {
      if (!closed) post(PORT_EOF);
    },
  });
  return {
    readable,
    writable,
    deliver(message) {
      if (ended) return;
      if (message === PORT_EOF) end();
      else if (message instanceof Uint8Array) controller.enqueue(message);
    },
    close() {
      closed = true;
      end();
    },
  };
}
