import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { securityHeaders } from "@/lib/security/security-headers";
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

export type JobSocketLimits = {
  /** Open sockets per client address; a browser tab needs one per job it watches. */
  maxPerIp: number;
  /** Open sockets in this process. */
  maxTotal: number;
  /** Largest frame a client may send: clients only ever answer pings. */
  maxPayload: number;
};

export const DEFAULT_JOB_SOCKET_LIMITS: JobSocketLimits = { maxPerIp: 32, maxTotal: 5_000, maxPayload: 1_024 };

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

/** Answers a refused upgrade with a plain HTTP status and closes the socket. */
function refuse(socket: Duplex, status: number, message: string): void {
  logger.warn("job socket upgrade refused", { status, message });
  const body = JSON.stringify({ error: message, code: status === 400 ? "invalid_request" : "rate_limited" });
  socket.on("error", () => {});
  const security = Object.entries(securityHeaders()).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n${security.join("")}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

function upgradeIp(req: IncomingMessage): string {
  const forwarded = getEnv().TRUST_PROXY ? String(req.headers["x-forwarded-for"] ?? "").split(",")[0]?.trim() : "";

  return forwarded || req.socket.remoteAddress || "unknown";
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
export function createJobSocketServer(limits: Partial<JobSocketLimits> = {}) {
  const { maxPerIp, maxTotal, maxPayload } = { ...DEFAULT_JOB_SOCKET_LIMITS, ...limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  const openPerIp = new Map<string, number>();
  let openTotal = 0;

  function track(ws: WebSocket, ip: string) {
    openTotal += 1;
    openPerIp.set(ip, (openPerIp.get(ip) ?? 0) + 1);
    ws.once("close", () => {
      openTotal -= 1;
      const left = (openPerIp.get(ip) ?? 1) - 1;
      if (left === 0) openPerIp.delete(ip);
      else openPerIp.set(ip, left);
    });
  }

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const pathname = (req.url ?? "/").split(/[?#]/, 1)[0] ?? "/";
      const match = PATH.exec(pathname);
      if (!match?.[1]) return false;

      try {
        const jobId = decodeJobId(match[1]);
        if (jobId === null) {
          refuse(socket, 400, "Malformed job id");
          return true;
        }
        if (!isAllowedOrigin(req)) {
          refuse(socket, 403, "Cross-origin WebSocket connections are not allowed");
          return true;
        }
        const ip = upgradeIp(req);
        if (openTotal >= maxTotal) {
          refuse(socket, 503, "Too many open progress connections; use GET /api/jobs/:id/events");
          return true;
        }
        if ((openPerIp.get(ip) ?? 0) >= maxPerIp) {
          refuse(socket, 429, "Too many open progress connections from this address");
          return true;
        }
        socket.on("error", () => socket.destroy());
        wss.handleUpgrade(req, socket, head, (ws) => {
          track(ws, ip);
          ws.on("error", () => ws.terminate());
          serve(ws, jobId);
        });
      } catch (error) {
        logger.error("job socket upgrade failed", { error });
        refuse(socket, 400, "Bad upgrade request");
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
