import { Worker } from "node:worker_threads";
import { renderLogLine } from "@/lib/log";

/** Stands for the time in the line rendered in advance; the watchdog thread puts the real one in. */
const TIME_TOKEN = "__watchdog_time__";

// Plain JavaScript for the watchdog thread: it reads the main thread's last heartbeat and, when
// that is older than the limit, writes the line rendered in advance and kills the process.
const WATCHDOG_SOURCE = `
const { workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const beat = new BigInt64Array(workerData.beat);
setInterval(() => {
  if (Date.now() - Number(Atomics.load(beat, 0)) < workerData.maxBlockMs) return;
  writeSync(2, workerData.line.replace(workerData.timeToken, new Date().toISOString()) + "\\n");
  process.kill(process.pid, "SIGKILL");
}, workerData.checkMs);
`;

/**
 * Ends the process when its event loop has been blocked for `maxBlockSeconds`. A process whose
 * main thread spins (an embedded database engine that died without an error it could report:
 * PGlite's loop retries an aborted engine forever) keeps its port open and answers nothing; no
 * code on that thread can notice, so a second thread watches its heartbeat. It logs one line and
 * sends SIGKILL, the one signal a blocked thread cannot hold up; a supervisor restarts the process.
 */
export function startEventLoopWatchdog(maxBlockSeconds: number): () => void {
  if (maxBlockSeconds <= 0) return () => {};
  const maxBlockMs = maxBlockSeconds * 1000;
  const beat = new BigInt64Array(new SharedArrayBuffer(8));
  const touch = () => Atomics.store(beat, 0, BigInt(Date.now()));
  touch();
  const heartbeat = setInterval(touch, Math.min(1000, maxBlockMs / 4));
  heartbeat.unref();
  const line = renderLogLine(
    "error",
    `event loop blocked for over ${maxBlockSeconds} s; killing the process so that a supervisor restarts it`,
    { maxBlockSeconds },
    TIME_TOKEN,
  );
  const worker = new Worker(WATCHDOG_SOURCE, {
    eval: true,
    workerData: { beat: beat.buffer, maxBlockMs, checkMs: Math.min(1000, maxBlockMs / 4), line, timeToken: TIME_TOKEN },
  });
  worker.unref();

  return () => {
    clearInterval(heartbeat);
    void worker.terminate();
  };
}
