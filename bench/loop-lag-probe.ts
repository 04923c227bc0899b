/**
 * Preloaded into the server a benchmark measures (`node --import ./bench/loop-lag-probe.ts`):
 * samples the event loop's delay every 10 ms (perf_hooks.monitorEventLoopDelay) and, on
 * SIGUSR2, writes the longest and the 99th-percentile delay since the last signal to
 * LOOP_LAG_FILE, then starts over. Nothing in the server knows it is there.
 *
 * With LOOP_GAPS_FILE set it also appends one line per stall over 40 ms: its start and end on
 * the monotonic clock in microseconds, the clock of a V8 CPU profile's samples, so the work that
 * held the loop can be read off the profile (`node bench/profile-stalls.mjs`).
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.LOOP_LAG_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on("SIGUSR2", () => {
    const ms = (ns: number) => Math.round(ns / 1e6);
    writeFileSync(
      file,
      JSON.stringify({
        maxMs: ms(histogram.max),
        p99Ms: ms(histogram.percentile(99)),
        samples: histogram.count,
        rss: process.memoryUsage().rss,
      }),
    );
    histogram.reset();
  });
}

const gaps = process.env.LOOP_GAPS_FILE;
if (gaps) {
  let last = process.hrtime.bigint();
  setInterval(() => {
    const now = process.hrtime.bigint();
    if (now - last > 40_000_000n) appendFileSync(gaps, `${last / 1000n} ${now / 1000n}\n`);
    last = now;
  }, 5).unref();
}
