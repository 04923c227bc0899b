import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { HOSTILE_QUERY_LENGTHS } from "../testing/hostile/wildcard-robots-store";
import { signUp, uniqueEmail } from "./support/accounts";

type Probe = { status: number; ms: number };

/** GET /api/health on a connection of its own; status 0 when it did not answer within `limitMs`. */
function probeHealth(baseURL: string, limitMs: number): Promise<Probe> {
  const started = performance.now();

  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, ms: performance.now() - started });
    const req = httpRequest(new URL("/api/health", baseURL), { agent: false }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
      res.on("error", () => done(0));
    });
    req.setTimeout(limitMs, () => req.destroy());
    req.on("error", () => done(0));
    req.end();
  });
}

/**
 * A store serving a robots.txt of 500,000 wildcards and a page whose script asks it for paths
 * with query strings up to 35,000 characters: each robots check once cost seconds of the one
 * event loop, so the server stopped answering and its watchdog ended it. Now the production
 * server analyses that store, rendered page included, and keeps answering /api/health all along
 * (every probe answered; how fast is measured by `npm run bench:job -- --hostile`, not here).
 */
test("a store with a wildcard robots.txt is analyzed while the server keeps answering", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail("hostile"));
  const created = await page.request.post("/api/jobs", { data: { domain: "wildcard-robots.test" }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  const { job } = (await created.json()) as { job: { id: string } };

  const probes: Probe[] = [];
  let ended: { status: string; code: string | null } | undefined;
  while (!ended) {
    const [probe] = await Promise.all([probeHealth(baseURL!, 2_000), new Promise((resolve) => setTimeout(resolve, 100))]);
    probes.push(probe);
    if (probes.length % 5 === 0) {
      const answer = await page.request.get(`/api/jobs/${job.id}`);
      const { job: current } = (await answer.json()) as { job: { status: string; code: string | null } };
      if (current.status === "completed" || current.status === "failed") ended = current;
    }
    expect(probes.length, "the job did not end").toBeLessThan(1_200);
  }

  expect(
    probes.filter((probe) => probe.status !== 200),
    "probes of /api/health left unanswered",
  ).toEqual([]);
  expect(ended).toMatchObject({ status: "completed" });
  // The page ran: its store requests were checked against that robots.txt and answered.
  const report = (await (await page.request.get(`/api/reports/${job.id}`)).json()) as {
    metadata: { render: { value: { status: string; requests: number } } };
  };
  expect(report.metadata.render.value.status).toBe("rendered");
  expect(report.metadata.render.value.requests).toBeGreaterThanOrEqual(HOSTILE_QUERY_LENGTHS.length);
});
