import { processSlot } from "@/lib/process-slot";

type Waiter = () => void;
type Slots = { running: number; waiting: Waiter[] };

// One count per process (the server and Next's route modules share it): a browser is a few
// hundred MB, and RENDER_CONCURRENCY of them is what the machine was sized for.
const slots = processSlot<Slots>("render-slots");

/**
 * Runs `fn` once fewer than `limit` renders run in this process; waits its turn otherwise. The slot
 * bounds live browsers only because renderHomePage returns after its browser is gone, a launch
 * its deadline overtook included.
 */
export async function withRenderSlot<T>(limit: number, fn: () => Promise<T>): Promise<T> {
  const state = slots.getOrCreate(() => ({ running: 0, waiting: [] }));
  while (state.running >= limit) await new Promise<void>((resolve) => state.waiting.push(resolve));
  state.running += 1;
  try {
    return await fn();
  } finally {
    state.running -= 1;
    state.waiting.shift()?.();
  }
}
