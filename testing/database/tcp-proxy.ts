import { createServer, type AddressInfo, type Socket } from "node:net";
import { connect } from "node:net";

export type TcpProxy = {
  port: number;
  /** `url` (a postgres:// URL) pointed at the proxy instead of its own host and port. */
  through(url: string): string;
  /** The database goes away: open connections are reset, new ones reset as soon as they arrive (as refused). */
  cut(): void;
  /** The database is back: connections are forwarded again. */
  restore(): void;
  /** Connections attempted while cut (how hard clients hammer a database that is away). */
  attemptsWhileCut(): number;
  close(): Promise<void>;
};

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL in tests), which a test can cut
 * and restore: the database "goes away" for a while without stopping the real server, which
 * others use.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  let attempts = 0;
  const server = createServer((client) => {
    if (isCut) {
      attempts += 1;
      client.resetAndDestroy();

      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);

      return parsed.toString();
    },
    cut() {
      isCut = true;
      attempts = 0;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    attemptsWhileCut: () => attempts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
