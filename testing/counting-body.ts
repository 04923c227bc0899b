/** Bytes per chunk of a counting body: what a reader may pull past a cap before it stops. */
export const BODY_CHUNK = 64 * 1024;

/**
 * A chunked request body of `total` bytes (no Content-Length) that counts how many bytes the
 * server pulled, so a test can tell a reader that stops at its cap from one that buffers all.
 */
export function countingBody(total: number, fillByte = 0x20) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += BODY_CHUNK;
      controller.enqueue(new Uint8Array(BODY_CHUNK).fill(fillByte));
    },
  });

  return { stream, counter };
}
