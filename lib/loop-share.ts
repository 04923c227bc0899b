/**
 * Fair shares of the event loop for long loops of CPU work that serve one request (a 26,000-
 * product export, a report body's validation): `await yieldWhenBusy()` between small units of
 * work returns at once while the current slice is young, and otherwise queues the caller.
 *
 * Why one queue for the process, not a setImmediate per loop: twenty downloads that each hand
 * the loop back every few products still run back to back in one check phase (every immediate
 * queued before the phase runs in it), so a timer or a new request waits for twenty turns of
 * work. Here one waiter is resumed per loop iteration, in arrival order, for at most SLICE_MS.
 */
export const SLICE_MS = 4;

const waiting: Array<() => void> = [];
let sliceStart = 0;
let armed = false;

function nextSlice() {
  armed = false;
  const resume = waiting.shift();
  sliceStart = performance.now();
  resume?.();
  // Queued from inside the check phase, so it runs in the next iteration, after timers and I/O.
  if (waiting.length > 0) arm();
}

function arm() {
  if (armed) return;
  armed = true;
  setImmediate(nextSlice);
}

/** Resolves at once while this slice of work is under SLICE_MS; else after the waiters ahead. */
export function yieldWhenBusy(): Promise<void> | undefined {
  if (performance.now() - sliceStart < SLICE_MS) return undefined;

  return new Promise((resolve) => {
    waiting.push(resolve);
    arm();
  });
}
