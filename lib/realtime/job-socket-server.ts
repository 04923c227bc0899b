import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { logger } from "@/lib/log";
import { watchJob } from "./watch-job";

const PATH = /^\/api\/ws\/([^/?#]+)\/?$/;
const HEARTBEAT_MS = 30_000;

/** Close codes: 1000 after the terminal message; 4404 unknown job; 1011 server error. */
export const WS_CLOSE = { done: 1000, unknownJob: 4404, serverError: 1011 } as const;

function serve(socket: WebSocket, jobId: string) {
  let alive = true;
  socket.on("pong", () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, HEARTBEAT_MS);

  const watching = watchJob(
    jobId,
    (message) => socket.send(JSON.stringify(message)),
    () => socket.close(WS_CLOSE.done, "job finished"),
  );
  watching
    .then((watch) => {
      if (!watch) return socket.close(WS_CLOSE.unknownJob, "job not found");
      socket.on("close", () => watch.stop());
    })
    .catch((error: unknown) => {
      logger.error("job socket failed", { jobId, error });
      socket.close(WS_CLOSE.serverError, "server error");
    });
  socket.on("close", () => clearInterval(heartbeat));
}

/**
 * Handles the upgrade of GET /api/ws/:jobId on the custom server's port. Returns false for
 * any other path so the caller can hand the upgrade to Next (dev HMR).
 */
export function createJobSocketServer() {
  const wss = new WebSocketServer({ noServer: true });

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const match = PATH.exec(new URL(req.url ?? "/", "http://localhost").pathname);
      if (!match?.[1]) return false;
      const jobId = decodeURIComponent(match[1]);
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, jobId));

      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
