import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createJobSocketServer } from "@/lib/realtime/job-socket-server";

export type JobSocketHost = { origin: string; close(): Promise<void> };

/** A real HTTP server on loopback that owns the WebSocket upgrade, as server.ts does. */
export async function startJobSocketHost(): Promise<JobSocketHost> {
  const sockets = createJobSocketServer();
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    if (!sockets.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    origin: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await sockets.close();
      server.close();
    },
  };
}
