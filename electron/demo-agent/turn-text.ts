/** Text in and out of a turn: the prompt's text, and replies cut into chunks streamed at a readable pace. */

/** Joins the text blocks of a prompt (other block kinds are ignored). */
export function promptText(prompt: ReadonlyArray<unknown>): string {
  const parts: string[] = [];
  for (const block of prompt) {
    if (typeof block !== 'object' || block === null) continue;
    const { type, text } = block as { type?: unknown; text?: unknown };
    if (type === 'text' && typeof text === 'string') parts.push(text);
  }
  return parts.join('\n');
}

/** Resolves after `ms` milliseconds, or at once when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Splits text into small chunks (a few words each, whitespace kept) so it streams visibly. */
export function chunkText(text: string, wordsPerChunk = 4): string[] {
  const tokens = text.match(/\S+\s*/g);
  if (!tokens) return text ? [text] : [];
  const leading = text.match(/^\s*/)?.[0] ?? '';
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerChunk) {
    chunks.push(tokens.slice(i, i + wordsPerChunk).join(''));
  }
  if (leading) chunks[0] = leading + chunks[0];
  return chunks;
}
