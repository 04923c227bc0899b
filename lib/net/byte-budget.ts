/**
 * Decoded bytes that several bodies read at the same time share (a render's answers): each body
 * charges its chunks here as they arrive, so the total is known while they stream, not only once
 * each has finished. Past `maxBytes` every body reading against it stops at its next chunk.
 */
export class SharedByteBudget {
  /** Decoded bytes charged so far, the chunk that passed the cap included. */
  used = 0;

  constructor(readonly maxBytes: number) {}

  /** Charges one chunk; false once the total has passed the cap (the reader then stops). */
  charge(bytes: number): boolean {
    this.used += bytes;

    return this.used <= this.maxBytes;
  }

  get exhausted(): boolean {
    return this.used > this.maxBytes;
  }
}
