import { createSocket, type Socket } from "node:dgram";
import { readFileSync, readlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { renderResourceFetcher } from "@/lib/pipeline/render-resource-fetcher";
import { findChromium } from "./find-chromium";
import { launchBrowser } from "./launch-browser";
import { processTree } from "./memory-watchdog";
import { DEFAULT_RENDER_BUDGET, renderHomePage } from "./render-home-page";

const chromium = findChromium();
const STORE = "jail-shop.test";
let udp: Socket;
let received = 0;
let store: Server;

/** Keeps what it allocates and touches every byte of it (so it is resident), yielding between rounds. */
const ALLOCATES_BUFFERS = `<!doctype html><html><body><h1>Buffers</h1><script>
var kept = [];
function grow() { for (var i = 0; i < 4; i++) { var b = new Uint8Array(16 * 1024 * 1024); b.fill(1); kept.push(b); } setTimeout(grow, 0); }
grow();
</script></body></html>`;

// A STUN/TURN server's address on loopback: whatever reaches it came out of the browser's own network.
// A store on loopback, reached through the operator's resolve rule as in the render tests.
beforeAll(async () => {
  udp = createSocket("udp4");
  udp.on("message", () => (received += 1));
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  store = createServer((req, res) => {
    const body = req.url === "/buffers" ? ALLOCATES_BUFFERS : req.url === "/" ? "<!doctype html><h1>Shop</h1>" : null;
    if (body === null) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": "text/html" }).end(body);
  });
  await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    SHOP_RESOLVE: `*.test=http://127.0.0.1:${(store.address() as AddressInfo).port}`,
    ALLOW_PRIVATE_NETWORK: "true",
    SCRAPER_MIN_INTERVAL_MS: "0",
  });
  resetEnvCache();
});

afterAll(async () => {
  udp.close();
  store.closeAllConnections();
  await new Promise((resolve) => store.close(resolve));
});

const render = (path: string) =>
  renderHomePage({
    executablePath: chromium.found ? chromium.path : "",
    url: `https://${STORE}${path}`,
    storeHosts: new Set([STORE]),
    fetchResource: renderResourceFetcher(new Set([STORE])),
    budget: { ...DEFAULT_RENDER_BUDGET, timeoutMs: 40_000, maxMemoryMb: 300 },
  });

describe.skipIf(!chromium.found)("launchBrowser", () => {
  it("runs every browser process as a user other than root, with Chromium's sandbox, in a network of its own", async () => {
    const launched = await launchBrowser(chromium.found ? chromium.path : "", 256);
    try {
      const page = await launched.browser.newPage();
      await page.setContent("<h1>hello</h1>");
      const tree = processTree(launched.pid!);
      const renderers = tree.filter((pid) => commandLine(pid).includes("--type=renderer"));

      expect(launched.containment).toMatchObject({ network: "own", sandbox: true, missing: [] });
      expect(renderers.length).toBeGreaterThan(0);
      for (const pid of tree) {
        // Real, effective, saved and file-system uid: none of them root.
        expect(uids(pid).filter((uid) => uid === 0)).toEqual([]);
        expect(commandLine(pid)).not.toContain("--no-sandbox");
      }
      expect(readlinkSync(`/proc/${launched.pid}/ns/net`)).not.toBe(readlinkSync("/proc/self/ns/net"));
    } finally {
      await launched.close();
    }
  }, 60_000);

  it("sends no STUN or TURN packet anywhere: WebRTC has no network to gather candidates on", async () => {
    const { port } = udp.address() as AddressInfo;
    received = 0;
    const launched = await launchBrowser(chromium.found ? chromium.path : "", 256);
    try {
      const page = await launched.browser.newPage();
      await page.setContent("<h1>call</h1>");
      const gathered = await page.evaluate(async (port) => {
        const connection = new RTCPeerConnection({
          iceServers: [
            { urls: `stun:127.0.0.1:${port}` },
            { urls: [`turn:127.0.0.1:${port}?transport=udp`, `turn:127.0.0.1:${port}?transport=tcp`], username: "u", credential: "p" },
          ],
        });
        const candidates: string[] = [];
        connection.onicecandidate = (event) => {
          if (event.candidate) candidates.push(event.candidate.candidate);
        };
        connection.createDataChannel("data");
        await connection.setLocalDescription(await connection.createOffer());
        // Gathering ends by itself once every server has answered or timed out; 15 s bounds a stuck one.
        const complete = await new Promise<boolean>((resolve) => {
          if (connection.iceGatheringState === "complete") resolve(true);
          connection.onicegatheringstatechange = () => connection.iceGatheringState === "complete" && resolve(true);
          setTimeout(() => resolve(false), 15_000);
        });

        return { complete, candidates };
      }, port);

      expect(gathered.candidates.filter((candidate) => / (srflx|relay) /.test(candidate))).toEqual([]);
      expect(received).toBe(0);
    } finally {
      await launched.close();
    }
  }, 60_000);

  it("ends the render of a page whose buffers pass the browser's memory cap with render_memory, and renders a normal page under it", async () => {
    const outcome = await render("/buffers");

    expect(outcome).toMatchObject({ status: "not_rendered", code: "render_memory" });
    if (outcome.status === "not_rendered") expect(outcome.message).toContain("300 MB");
    expect(await render("/")).toMatchObject({ status: "rendered" });
  }, 120_000);
});

function uids(pid: number): number[] {
  const line = /^Uid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "";

  return line.split(/\s+/).map(Number);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}
