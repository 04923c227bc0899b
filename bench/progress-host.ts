/**
 * A second web process for `bench:progress --processes=N`: serves /api/ws/:jobId on loopback
 * against the DATABASE_URL it is given (the bench's throwaway database), as another instance
 * of server.ts would. Prints `{"origin": …}` once listening; runs until killed.
 */
import { startJobSocketHost } from "@/testing/job-socket-host";

process.env.LOG_LEVEL = "warn";
const host = await startJobSocketHost();
process.stdout.write(`${JSON.stringify({ origin: host.origin })}\n`);
process.on("SIGTERM", () => void host.close().finally(() => process.exit(0)));
