import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/** The other host (a "CDN") a flooding page loads from; point it at the server with SHOP_RESOLVE. */
export const FLOOD_HOST = "flood-cdn.test";

/** Compressed bytes per piece (each about 500 KB decoded), and the pause between pieces. */
const PIECE_BYTES = 512;
const PIECE_INTERVAL_MS = 2;

/** A home page asking for `count` bodies of the flood server at once (images load in parallel). */
export function floodPage(count: number): string {
  const images = Array.from({ length: count }, (_, at) => `<img src="https://${FLOOD_HOST}/body/${at}.png">`).join("\n");

  return `<!doctype html><html><body><h1>Flood</h1>\n${images}\n</body></html>`;
}

/**
 * A loopback server answering every GET with a gzip body that decodes to `decodedBytes` (a few KB on
 * the wire: compression makes size nearly free in bandwidth), dripped in small pieces so that each
 * stays open while its client reads it and many bodies stream at once. It counts the requests open at the same time (from arrival until the answer is
 * done or the client went away), so a test can tell how many fetches a client really ran together.
 */
export async function startGzipFloodServer({ decodedBytes }: { decodedBytes: number }) {
  const body = gzipSync(Buffer.alloc(decodedBytes, 0x61));
  const counts = { open: 0, peakOpen: 0, requests: 0 };
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    counts.requests += 1;
    counts.open += 1;
    counts.peakOpen = Math.max(counts.peakOpen, counts.open);
    res.once("close", () => {
      counts.open -= 1;
    });
    res.writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" });
    let at = 0;
    const piece = () => {
      if (res.destroyed) return;
      if (at >= body.length) return void res.end();
      res.write(body.subarray(at, at + PIECE_BYTES));
      at += PIECE_BYTES;
      setTimeout(piece, PIECE_INTERVAL_MS);
    };
    piece();
  };
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
