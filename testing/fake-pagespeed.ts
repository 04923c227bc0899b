import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A trimmed but real-shaped PageSpeed Insights v5 answer for one strategy. */
export function psiAnswer(strategy: string, url = "https://shop.example/") {
  return {
    id: url,
    loadingExperience: {
      overall_category: "AVERAGE",
      metrics: {
        LARGEST_CONTENTFUL_PAINT_MS: { percentile: 2900, category: "AVERAGE" },
        CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 7, category: "FAST" },
        INTERACTION_TO_NEXT_PAINT: { percentile: 180, category: "FAST" },
        FIRST_CONTENTFUL_PAINT_MS: { percentile: 1500, category: "FAST" },
        EXPERIMENTAL_TIME_TO_FIRST_BYTE: { percentile: 600, category: "FAST" },
      },
    },
    lighthouseResult: {
      lighthouseVersion: "12.6.0",
      fetchTime: "2026-09-30T09:00:00.000Z",
      configSettings: { formFactor: strategy },
      categories: { performance: { score: strategy === "mobile" ? 0.42 : 0.87 } },
      audits: {
        "largest-contentful-paint": { id: "largest-contentful-paint", numericValue: 4200.5, score: 0.3, scoreDisplayMode: "numeric" },
        "cumulative-layout-shift": { id: "cumulative-layout-shift", numericValue: 0.08, score: 0.95, scoreDisplayMode: "numeric" },
        "total-blocking-time": { id: "total-blocking-time", numericValue: 640, score: 0.4, scoreDisplayMode: "numeric" },
        "first-contentful-paint": { numericValue: 1800, score: 0.9, scoreDisplayMode: "numeric" },
        "speed-index": { numericValue: 5100, score: 0.5, scoreDisplayMode: "numeric" },
        interactive: { numericValue: 9000, score: 0.3, scoreDisplayMode: "numeric" },
        "render-blocking-resources": {
          id: "render-blocking-resources",
          title: "Eliminate render-blocking resources",
          score: 0,
          scoreDisplayMode: "metricSavings",
          displayValue: "Potential savings of 1,230 ms",
          details: { type: "opportunity", overallSavingsMs: 1230, items: [{ url: "x" }] },
        },
        "unused-javascript": {
          title: "Reduce unused JavaScript",
          score: 0.5,
          scoreDisplayMode: "metricSavings",
          details: { overallSavingsMs: 300 },
        },
        "uses-http2": { title: "Use HTTP/2", score: 1, scoreDisplayMode: "binary" },
        "final-screenshot": { title: "Final Screenshot", score: null, scoreDisplayMode: "informative" },
      },
    },
  };
}

export type FakePageSpeed = { url: string; requests: string[]; failWith(status: number | null): void; close(): Promise<void> };

/** A PageSpeed Insights endpoint on loopback (PAGESPEED_API_URL) for tests and demos. */
export async function startFakePageSpeed(): Promise<FakePageSpeed> {
  const requests: string[] = [];
  let failure: number | null = null;
  const server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    if (failure) {
      res.writeHead(failure, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: failure, message: "Quota exceeded" } }));

      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(psiAnswer(params.get("strategy") ?? "mobile", params.get("url") ?? undefined)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/pagespeedonline/v5/runPagespeed`,
    requests,
    failWith: (status) => (failure = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
