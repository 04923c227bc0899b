// A whole job against a fake store that enforces Web Bot Auth as Shopify does: every store
// request must be signed and verified (against our key directory, fetched over HTTP from our
// server) and none throttled. Webhook deliveries and PageSpeed calls carry no bot signature.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/.well-known/http-message-signatures-directory/route";
import { fixtureStore } from "@/testing/fake-store";
import { psiAnswer } from "@/testing/fake-pagespeed";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { startRouteHost, type RouteHost } from "@/testing/route-host";
import { startTestServer } from "@/testing/test-server";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

let h: PipelineHarness;
let ours: RouteHost;
let receiver: WebhookReceiver;
let pageSpeed: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  ours = await startRouteHost({ routes: [{ method: "GET", path: /^\/\.well-known\/http-message-signatures-directory$/, handler: GET }] });
  receiver = await startWebhookReceiver(204);
  pageSpeed = await startTestServer((req, res) => {
    const strategy = new URL(req.url ?? "/", "http://x").searchParams.get("strategy") ?? "mobile";
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(psiAnswer(strategy)));
  });
  h = await startPipeline({
    BASE_URL: ours.origin,
    PAGESPEED_ENABLED: "true",
    PAGESPEED_API_URL: `${pageSpeed.origin}/pagespeedonline/v5/runPagespeed`,
    PAGESPEED_API_KEY: "k-test",
  });
  h.fakeStore.requireSignatures({ trustedAgents: [ours.origin] });
});

afterAll(async () => {
  await h?.stop();
  await ours?.close();
  await receiver?.close();
  await pageSpeed?.close();
});

const botHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => ["signature", "signature-input", "signature-agent"].includes(name));

describe("signed crawl (fake store enforcing Web Bot Auth)", () => {
  it("completes a job with every store request signed and verified, none throttled", async () => {
    h.fakeStore.addStore(fixtureStore("signed.test"));
    const response = await h.submit({ domain: "signed.test", webhook_url: receiver.url("/hooks/signed") });
    expect(response.status).toBe(201);
    const { job } = (await response.json()) as { job: { id: string } };
    const done = await h.waitForJob(job.id);

    expect(done.status).toBe("completed");
    const stats = h.fakeStore.botAuthStats()!;
    const counters = h.fakeStore.store("signed.test").counters();
    expect(stats.reasons).toEqual([]);
    expect(stats).toMatchObject({ unverified: 0, throttled: 0, directoryFetches: { [ours.origin]: 1 } });
    expect(counters.requests).toBeGreaterThan(3);
    expect(stats.verified).toBeGreaterThanOrEqual(counters.requests);
    expect(counters.rateLimited + counters.securityRejected).toBe(0);

    // Only the store fetch helper signs as the bot.
    const hooks = receiver.requests.filter((r) => r.path === "/hooks/signed");
    expect(hooks).toHaveLength(1);
    expect(botHeaders(hooks[0]!.headers)).toEqual([]);
    expect(pageSpeed.seen.length).toBeGreaterThan(0);
    for (const seen of pageSpeed.seen) expect(botHeaders(seen.headers)).toEqual([]);
  });

  it("throttles unsigned requests to one a second with 429", async () => {
    h.fakeStore.addStore(fixtureStore("unsigned.test"));
    const { requestAs } = await import("@/testing/fake-store");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await requestAs(h.fakeStore.origin, "unsigned.test", "/meta.json")).status);

    expect(statuses).toEqual([200, 429, 429]);
  });
});
