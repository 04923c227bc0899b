import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer } from "@/testing/test-server";
import { psiAnswer } from "@/testing/fake-pagespeed";
import { runPageSpeed, runPageSpeedAudits } from "./run-pagespeed";
import { pageSpeedResultSchema } from "./schemas";

let mode: "ok" | "quota" | "html" | "hang" | "runtime" = "ok";
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    if (mode === "hang") return;
    if (mode === "quota") {
      res.writeHead(429, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 429, message: "Quota exceeded" } }));
      return;
    }
    if (mode === "html") {
      res.writeHead(502, { "content-type": "text/html" }).end("<html>bad gateway</html>");
      return;
    }
    const body = psiAnswer(params.get("strategy") ?? "mobile");
    if (mode === "runtime") {
      Object.assign(body.lighthouseResult, {
        runtimeError: { code: "FAILED_DOCUMENT_REQUEST", message: "Lighthouse was unable to load the page" },
      });
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  mode = "ok";
  server.seen.length = 0;
});

const options = () => ({ apiUrl: `${server.origin}/pagespeedonline/v5/runPagespeed`, apiKey: "k-123", enabled: true });

describe("runPageSpeed", () => {
  it("returns score, lab and field metrics and the worst audits", async () => {
    const result = await runPageSpeed("https://shop.example/", "mobile", options());
    expect(pageSpeedResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      ok: true,
      strategy: "mobile",
      performanceScore: 42,
      metrics: { lcpMs: 4200.5, cls: 0.08, tbtMs: 640, fcpMs: 1800, speedIndexMs: 5100, ttiMs: 9000, inpMs: null },
      fieldMetrics: { overallCategory: "AVERAGE", lcpMs: 2900, cls: 0.07, inpMs: 180, ttfbMs: 600 },
      lighthouseVersion: "12.6.0",
    });
    expect(result.ok && result.audits.map((a) => a.id)).toEqual([
      "render-blocking-resources",
      "unused-javascript",
      "largest-contentful-paint",
      "interactive",
      "total-blocking-time",
      "speed-index",
    ]);
    const query = new URL(server.seen[0]?.url ?? "", "http://x").searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      url: "https://shop.example/",
      strategy: "mobile",
      key: "k-123",
      category: "performance",
    });
  });

  it("runs mobile and desktop", async () => {
    const both = await runPageSpeedAudits("https://shop.example/", options());
    expect(both.mobile).toMatchObject({ ok: true, performanceScore: 42 });
    expect(both.desktop).toMatchObject({ ok: true, strategy: "desktop", performanceScore: 87 });
  });

  it("returns failures as values", async () => {
    mode = "quota";
    expect(await runPageSpeed("https://s.example/", "mobile", options())).toMatchObject({
      ok: false,
      error: { kind: "quota", status: 429, message: "Quota exceeded" },
    });
    mode = "html";
    expect(await runPageSpeed("https://s.example/", "mobile", options())).toMatchObject({
      ok: false,
      error: { kind: "http", status: 502 },
    });
    mode = "runtime";
    expect(await runPageSpeed("https://s.example/", "mobile", options())).toMatchObject({
      ok: false,
      error: { kind: "lighthouse", message: expect.stringMatching(/^FAILED_DOCUMENT_REQUEST/) },
    });
    mode = "hang";
    expect(await runPageSpeed("https://s.example/", "mobile", { ...options(), timeoutMs: 100 })).toMatchObject({
      ok: false,
      error: { kind: "timeout" },
    });
    expect(await runPageSpeed("https://s.example/", "mobile", { ...options(), apiUrl: "http://127.0.0.1:1/x" })).toMatchObject({
      ok: false,
      error: { kind: "network" },
    });
  });

  it("does nothing when disabled", async () => {
    expect(await runPageSpeed("https://s.example/", "desktop", { ...options(), enabled: false })).toMatchObject({
      ok: false,
      error: { kind: "disabled" },
    });
    expect(server.seen).toHaveLength(0);
  });
});
