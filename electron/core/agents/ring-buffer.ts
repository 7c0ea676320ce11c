/**
 * A byte ring buffer that keeps only the newest `capacity` bytes: an agent's stderr can be endless,
 * its memory here cannot.
 */
export class RingBuffer {
  private chunks: Buffer[] = [];
  private size = 0;

  /** @param capacity maximum bytes kept (> 0). */
  constructor(private readonly capacity: number) {}

  /** Appends bytes, dropping the oldest ones beyond capacity. */
  push(chunk: Buffer): void {
    const kept = chunk.length > this.capacity ? chunk.subarray(chunk.length - this.capacity) : chunk;
    this.chunks.push(kept);
    this.size += kept.length;
    while (this.size - this.chunks[0].length >= this.capacity) {
      this.size -= this.chunks.shift()!.length;
    }
    if (this.size > this.capacity) {
      const head = this.chunks[0];
      const excess = this.size - this.capacity;
      this.chunks[0] = head.subarray(excess);
      this.size -= excess;
    }
  }

  /** The kept bytes decoded as UTF-8 (a split character at the start shows as U+FFFD). */
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
