/**
 * The StoreLens process: Next.js, the WebSocket endpoint /api/ws/:jobId on the same port,
 * and (in embedded mode) the durable workflow executor with its cron scheduler.
 * `npm start` runs it in production, `npm run dev` in development.
 */
import { getEnv } from "@/lib/env";

// Settings first, before any module that reads them is loaded: a bad value stops start-up
// with one line per variable and nothing else.
try {
  getEnv();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

const { startServer } = await import("@/server/start-server");
const { logger } = await import("@/lib/log");

startServer().catch((error: unknown) => {
  // Someone else holds the embedded database: say so in one line, not a stack.
  if (error instanceof Error && error.name === "DatabaseInUseError") {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  logger.error("failed to start", { error });
  process.exit(1);
});
