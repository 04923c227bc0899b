import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as alertsRoute from "@/app/api/alerts/route";
import * as readRoute from "@/app/api/alerts/read/route";
import * as storeAlertsRoute from "@/app/api/shops/[slug]/alerts/route";
import { getDb } from "@/db";
import { alerts, users, webhookDeliveries } from "@/db/schema";
import { listOutbox } from "@/lib/mail";
import { rotateWebhookSecret, setWebhookUrl } from "@/lib/webhooks";
import { sendEvent } from "@/lib/workflow/engine";
import { alertDigestsRequested } from "@/lib/workflow/events";
import { APP_SAMPLES } from "@/testing/apps/app-samples";
import { fixtureStore, SAMPLE_APPS, SENSE_THEME } from "@/testing/fake-store";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { readAllProducts } from "@/testing/read-all-products";
import { waitFor } from "@/testing/wait-for";
import { standardWebhookHeaders, startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { runMonitorCheck, trackAndWait } from "@/testing/tracking/monitor";
import { raiseAlerts } from "./raise-alerts";
import type { StoreEvent } from "./store-event";

const DAY = 86_400_000;
let h: PipelineHarness;
let receiver: WebhookReceiver;
let email: string;
let storeId: string;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A real route handler, as the harness's account (its API key). */
async function call(
  handler: unknown,
  path: string,
  { method = "GET", body, params = {} }: { method?: string; body?: unknown; params?: Record<string, string> } = {},
) {
  const response = await (handler as Handler)(
    new Request(`http://localhost:3000${path}`, {
      method,
      headers: { "x-api-key": h.apiKey, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );

  const answer = { status: response.status, body: (await response.json()) as Record<string, unknown> };
  const documented = params.slug ? path.replace(params.slug, "{slug}") : path.split("?")[0]!;
  expect(documentedAnswerErrors(method, documented, answer.status, answer.body)).toEqual([]);

  return answer;
}

beforeAll(async () => {
  h = await startPipeline({ WEBHOOK_RETRY_DELAYS: "1s,1s" });
  receiver = await startWebhookReceiver();
  h.fakeStore.addStore(fixtureStore("alerting.test"));
  const [user] = await getDb().select().from(users).where(eq(users.id, h.userId));
  email = user!.email!;

  storeId = (await trackAndWait(h, "alerting.test")).shop.store.id;
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

describe("a tracked store's price drop, seen by the daily monitor", () => {
  it("arrives by signed webhook, in the feed with its unread count, and in the daily e-mail digest", async () => {
    const secret = (await rotateWebhookSecret(h.userId)).secret;
    await setWebhookUrl(h.userId, receiver.url("/hooks/alerts"));
    // The defaults of a new tracked store: price changes over 10 % included, daily e-mail, webhook on.
    expect((await call(storeAlertsRoute.GET, "/api/shops/alerting-test/alerts", { params: { slug: "alerting-test" } })).body).toMatchObject(
      {
        is_default: true,
        muted: false,
        email: "daily",
        webhook: true,
        price_threshold_percent: 10,
        kinds: expect.arrayContaining(["price_changed", "app_installed", "store_unreachable"]),
      },
    );

    const products = await readAllProducts("alerting.test");
    const variant = products.products
      .flatMap((p) => p.variants.map((v) => ({ ...v, product: p.title })))
      .find((v) => Number(v.price) >= 10)!;
    const halved = (Number(variant.price) / 2).toFixed(2);
    h.fakeStore.store("alerting.test").advance({ priceChanges: [{ variantId: variant.id, price: halved }] });

    expect((await runMonitorCheck(h, storeId, new Date(Date.now() + 2 * DAY))).status).toBe("completed");

    const hook = await waitFor(() => receiver.requests.find((r) => r.path === "/hooks/alerts"), { what: "the alert webhook" });
    const headers = standardWebhookHeaders(hook);
    const payload = new Webhook(secret).verify(hook.body, headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("alert.price_changed");
    expect(payload.data).toMatchObject({
      kind: "price_changed",
      store: { domain: "alerting.test", slug: "alerting-test" },
      subject: { type: "variant", id: String(variant.id) },
      before: { price: variant.price },
      after: { price: halved },
      description: expect.stringMatching(/dropped 50%/),
    });

    const feed = await call(alertsRoute.GET, "/api/alerts");
    expect(feed.body.unread).toBe(1);
    const [alert] = feed.body.data as Array<{ id: string; kind: string; read: boolean }>;
    expect(alert).toMatchObject({ kind: "price_changed", read: false });
    expect(headers["webhook-id"]).toBe((await getDb().select().from(alerts).where(eq(alerts.id, alert!.id)))[0]!.deliveryId);

    expect(await listOutbox({ to: email })).toHaveLength(0);
    const digest = await sendEvent(alertDigestsRequested.create({}));
    await h.engine.executor!.waitForRun(digest.runIds[0]!, { timeoutMs: 30_000 });
    const [mail] = await listOutbox({ to: email });
    expect(mail!.text).toMatch(/alerting\.test: Price of .* dropped 50%/);
    // Mailed once: a second digest has nothing left to send.
    const again = await sendEvent(alertDigestsRequested.create({}));
    await h.engine.executor!.waitForRun(again.runIds[0]!, { timeoutMs: 30_000 });
    expect(await listOutbox({ to: email })).toHaveLength(1);

    expect((await call(readRoute.POST, "/api/alerts/read", { method: "POST", body: { all: true } })).body).toEqual({
      marked: 1,
      unread: 0,
    });
  }, 120_000);
});

describe("a tracked store that drops an app, adds one and changes theme", () => {
  it("tells its follower each of the three, from the timeline of the analysis that saw them", async () => {
    const seen = (await call(alertsRoute.GET, "/api/alerts")).body.data as unknown[];
    h.fakeStore.addStore(
      fixtureStore("alerting.test", {
        apps: [SAMPLE_APPS.klaviyo, APP_SAMPLES.loox!],
        theme: SENSE_THEME,
      }),
    );
    expect((await runMonitorCheck(h, storeId, new Date(Date.now() + 4 * DAY))).status).toBe("completed");

    const feed = await waitFor(
      async () => {
        const answer = await call(alertsRoute.GET, "/api/alerts?unread=true");
        const data = answer.body.data as Array<{ kind: string; subject: { id: string } }>;

        return data.some((alert) => alert.kind === "theme_changed") ? data : null;
      },
      { what: "the technology alerts" },
    );
    const told = feed.filter((alert) => alert.kind !== "price_changed").map((alert) => `${alert.kind} ${alert.subject.id}`);
    expect(told.sort()).toEqual(["app_installed loox", "app_removed judge-me", "theme_changed theme"].sort());
    expect(seen.length).toBeGreaterThan(0);
  }, 120_000);
});

describe("raiseAlerts", () => {
  const drop = (id: string, from: string, to: string): StoreEvent => ({
    kind: "price_changed",
    subject: { type: "variant", id, title: "A shirt" },
    before: { price: from },
    after: { price: to },
    occurredAt: new Date(),
    evidence: { jobId: crypto.randomUUID() },
  });
  const alertsOf = async (subjectId: string) =>
    (await getDb().select().from(alerts).where(eq(alerts.userId, h.userId))).filter((a) => a.subject.id === subjectId);

  it("raises an event once however often it is raised, with one webhook delivery", async () => {
    const event = drop("v-once", "100.00", "50.00");
    expect(await raiseAlerts(storeId, [event])).toHaveLength(1);
    expect(await raiseAlerts(storeId, [event])).toHaveLength(0);
    const [alert, ...more] = await alertsOf("v-once");
    expect(more).toEqual([]);
    expect(alert!.deliveryId).not.toBeNull();
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, alert!.deliveryId!))).toHaveLength(1);
  });

  it("keeps a price change under the threshold out, and raises nothing for a muted store until it is unmuted", async () => {
    expect(await raiseAlerts(storeId, [drop("v-small", "100.00", "95.00")])).toHaveLength(0);

    const muted = await call(storeAlertsRoute.PUT, "/api/shops/alerting-test/alerts", {
      method: "PUT",
      body: { muted: true },
      params: { slug: "alerting-test" },
    });
    expect(muted.body).toMatchObject({ muted: true, is_default: false });
    expect(await raiseAlerts(storeId, [drop("v-muted", "100.00", "50.00")])).toHaveLength(0);

    await call(storeAlertsRoute.PUT, "/api/shops/alerting-test/alerts", {
      method: "PUT",
      body: { muted: false, price_threshold_percent: 5 },
      params: { slug: "alerting-test" },
    });
    expect(await raiseAlerts(storeId, [drop("v-small-2", "100.00", "95.00")])).toHaveLength(1);
  });

  it("refuses bad settings and changes nothing", async () => {
    const before = await call(storeAlertsRoute.GET, "/api/shops/alerting-test/alerts", { params: { slug: "alerting-test" } });
    for (const body of [{ kinds: ["everything"] }, { price_threshold_percent: 0 }, { email: "hourly" }, { surprise: true }]) {
      expect(
        (await call(storeAlertsRoute.PUT, "/api/shops/alerting-test/alerts", { method: "PUT", body, params: { slug: "alerting-test" } }))
          .status,
      ).toBe(400);
    }
    expect((await call(storeAlertsRoute.GET, "/api/shops/alerting-test/alerts", { params: { slug: "alerting-test" } })).body).toEqual(
      before.body,
    );
    expect((await call(storeAlertsRoute.GET, "/api/shops/not-mine/alerts", { params: { slug: "not-mine" } })).status).toBe(404);
  });
});
