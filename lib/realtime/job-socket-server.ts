import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { getEnv } from "@/lib/env";
import { endSocketWithError } from "@/lib/http/end-socket-with-error";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { securityHeaders } from "@/lib/security/security-headers";
import { clientLimitKey } from "@/lib/http/client-address";
import { progressConnections, type ProgressConnections } from "./progress-connections";
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
    (_message, text) => socket.send(text),
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

export type JobSocketOptions = {
  /** Largest frame a client may send: clients only ever answer pings. */
  maxPayload: number;
  /** The open-connection count shared with the SSE stream (the process-wide one unless a test gives its own). */
  connections: ProgressConnections;
};

/** Answers a refused upgrade with the error's status and JSON body, and closes the socket. */
function refuse(socket: Duplex, error: ApiError): void {
  logger.warn("job socket upgrade refused", { status: error.status, message: error.message });
  socket.on("error", () => {});
  // The error's own headers too: a 429's Retry-After, as the SSE stream's refusal carries it.
  endSocketWithError(socket, error, { ...securityHeaders(), ...error.headers });
}

/** Browsers always send Origin; a page on another site must not read our job streams through its visitors. */
function isAllowedOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const allowed = new Set([new URL(getEnv().BASE_URL).origin]);
  if (req.headers.host) {
    allowed.add(`http://${req.headers.host}`);
    allowed.add(`https://${req.headers.host}`);
  }

  return allowed.has(origin);
}

function decodeJobId(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Handles the upgrade of GET /api/ws/:jobId on the custom server's port. Returns false for
 * any other path so the caller can hand the upgrade to Next (dev HMR). Never throws: every
 * malformed or refused upgrade is answered with a status and a closed socket.
 */
export function createJobSocketServer(options: Partial<JobSocketOptions> = {}) {
  const { maxPayload = 1_024, connections = progressConnections() } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload });

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const pathname = (req.url ?? "/").split(/[?#]/, 1)[0] ?? "/";
      const match = PATH.exec(pathname);
      if (!match?.[1]) return false;

      try {
        const jobId = decodeJobId(match[1]);
        if (jobId === null) {
          refuse(socket, new ApiError("invalid_request", "Malformed job id"));
          return true;
        }
        if (!isAllowedOrigin(req)) {
          refuse(socket, new ApiError("forbidden", "Cross-origin WebSocket connections are not allowed"));
          return true;
        }
        const release = connections.acquire(clientLimitKey(req, getEnv().TRUST_PROXY));
        // The slot is held from the handshake on and goes back with the TCP socket, however it ends.
        socket.once("close", release);
        socket.on("error", () => socket.destroy());
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on("error", () => ws.terminate());
          serve(ws, jobId);
        });
      } catch (error) {
        if (error instanceof ApiError) {
          refuse(socket, error);
        } else {
          logger.error("job socket upgrade failed", { error });
          refuse(socket, new ApiError("invalid_request", "Bad upgrade request"));
        }
      }

      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
