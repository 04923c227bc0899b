import { processSlot } from "@/lib/process-slot";
import type { EmbeddedExecutor } from "./executor";

/** The process's embedded executor, which a route's `inngest.send` must find from Next's module graph too. */
const executor = processSlot<EmbeddedExecutor>("engine");

export function findGlobalExecutor(): EmbeddedExecutor | undefined {
  return executor.get();
}

export function setGlobalExecutor(value: EmbeddedExecutor | undefined): void {
  executor.set(value);
}
