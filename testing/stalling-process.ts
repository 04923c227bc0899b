/**
 * A process whose main thread spins forever after a short while, as one on a dead embedded
 * engine did (SPIN=no: stays healthy), with the server's event-loop watchdog watching it
 * (event-loop-watchdog.test.ts).
 */
import { startEventLoopWatchdog } from "@/server/event-loop-watchdog";

startEventLoopWatchdog(Number(process.env.STALL_SECONDS));
if (process.env.SPIN === "no") {
  setInterval(() => {}, 100);
} else {
  setTimeout(() => {
    process.stdout.write("spinning\n");
    for (;;);
  }, 300);
}
