import { createSocket, type Socket } from "node:dgram";
import { readFileSync, readlinkSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium } from "./find-chromium";
import { launchBrowser } from "./launch-browser";
import { processTree } from "./memory-watchdog";

const chromium = findChromium();
let udp: Socket;
let received = 0;

// A STUN/TURN server's address on loopback: whatever reaches it came out of the browser's own network.
beforeAll(async () => {
  udp = createSocket("udp4");
  udp.on("message", () => (received += 1));
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
});

afterAll(() => udp.close());

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
