import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

/** A stall shorter than this is an ordinary busy turn, not worth a line. */
const STALL_MS = 50;
const TICK_MS = 10;

/**
 * Benchmarks only (LOOP_STALL_LOG_FILE, set by bench/job.ts): appends one JSON line per stall of
 * the event loop over 50 ms, `{ "stall": { "at": <ISO start>, "ms": <length> } }`, on the wall
 * clock, so a benchmark can put each stall in the pipeline step that ran then (the steps' own
 * timings are on that clock). SIGUSR2 appends the loop delay's distribution since start-up,
 * `{ "delay": { "p50Ms", "p99Ms", "maxMs", "samples" } }`. Off unless the variable is set: the
 * 10 ms timer and the signal handler are not for a production server.
 */
export function startLoopStallLog(file: string | undefined): () => void {
  if (!file) return () => {};
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  histogram.enable();
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    if (late > STALL_MS) {
      const at = new Date(Date.now() - (now - last) + TICK_MS).toISOString();
      appendFileSync(file, `${JSON.stringify({ stall: { at, ms: Math.round(late) } })}\n`);
    }
    last = now;
  }, TICK_MS);
  timer.unref();
  const report = () => {
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    const delay = {
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      samples: histogram.count,
    };
    appendFileSync(file, `${JSON.stringify({ delay })}\n`);
  };
  process.on("SIGUSR2", report);

  return () => {
    clearInterval(timer);
    histogram.disable();
    process.off("SIGUSR2", report);
  };
}
