/**
 * PostgreSQL away for a while, through a TCP proxy the test cuts and restores (the real server
 * keeps running; others use it): requests answer 503 database_unavailable within seconds instead
 * of hanging, the worker backs off instead of hammering it, and when it is back the job that was
 * running completes with its webhook sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, installDatabase, openPostgres } from "@/db";
import { jobs } from "@/db/schema";
import type { Logger } from "@/lib/workflow/embedded";
import { startTcpProxy, type TcpProxy } from "@/testing/database/tcp-proxy";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.DATABASE_URL)("a database that is away for a while (PostgreSQL)", () => {
  let proxy: TcpProxy;
  let pipeline: PipelineHarness;
  let receiver: WebhookReceiver;
  const errorLines: string[] = [];
  const recorder: Logger = {
    info: () => {},
    debug: () => {},
    warn: () => {},
    error: (...args) => errorLines.push(args.filter((arg) => typeof arg === "string").join(" ")),
  };

  beforeAll(async () => {
    const url = process.env.DATABASE_URL!;
    const { hostname, port } = new URL(url);
    proxy = await startTcpProxy({ host: hostname, port: Number(port || 5432) });
    await installDatabase(openPostgres(proxy.through(url)));
    receiver = await startWebhookReceiver();
    pipeline = await startPipeline({}, { log: recorder });
    pipeline.fakeStore.addStore(fixtureStore("away.test"));
  });

  afterAll(async () => {
    proxy?.restore();
    await pipeline?.stop();
    await receiver?.close();
    await proxy?.close();
  });

  async function health() {
    const { GET } = await import("@/app/api/health/route");
    const response = await GET(new Request("http://localhost:3000/api/health"), { params: Promise.resolve({}) });

    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  }

  /** `work` and how long it took. */
  async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
    const started = Date.now();
    const result = await work();

    return [result, Date.now() - started];
  }

  it("answers 503 quickly, backs off, and finishes the running job with one webhook when it returns", async () => {
    const submitted = await pipeline.submit({ domain: "away.test", webhook_url: receiver.url("/hooks/away") });
    expect(submitted.status, await submitted.clone().text()).toBe(201);
    const jobId = (await submitted.json()).job.id as string;

    const [running] = await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    expect(running?.status).not.toBe("completed");
    proxy.cut();
    const [refused, refusedMs] = await timed(() => pipeline.submit({ domain: "away.test" }));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: "database_unavailable" });
    expect(refusedMs).toBeLessThan(6000);
    const [away, awayMs] = await timed(health);
    expect(away).toMatchObject({ status: 503, body: { code: "database_unavailable" } });
    expect(away.retryAfter).toMatch(/^\d+$/);
    expect(awayMs).toBeLessThan(6000);

    // Away longer than a lease (3 s here): the worker waits with backoff rather than polling
    // every 20 ms as it does when all is well.
    const before = proxy.attemptsWhileCut();
    await pause(4000);
    expect(proxy.attemptsWhileCut() - before).toBeLessThan(20);
    // ... and says so once, not once per failed poll.
    expect(errorLines.filter((line) => line.startsWith("executor tick failed"))).toHaveLength(1);

    proxy.restore();
    const job = await pipeline.waitForJob(jobId, 90_000);
    expect(job.status).toBe("completed");
    await waitFor(() => receiver.requests.some((r) => r.path === "/hooks/away"), { what: "the webhook" });
    await pause(1000);
    expect(receiver.requests.filter((r) => r.path === "/hooks/away")).toHaveLength(1);
    expect((await health()).status).toBe(200);
    const again = await pipeline.submit({ domain: "away.test" });
    expect(again.status, await again.clone().text()).toBe(201);
  }, 150_000);
});
