import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangelogSection } from "@/components/reports/changelog-section";
import { getDb } from "@/db";
import { users, webhookDeliveries, type Job } from "@/db/schema";
import type { AlertFeed } from "@/lib/alerts/schemas";
import type { StoreTimeline } from "@/lib/history/schemas";
import { listOutbox } from "@/lib/mail";
import { loadReportView } from "@/lib/report-view/load-report-view";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { APP_SAMPLES } from "@/testing/apps/app-samples";
import { createTestSession } from "@/testing/auth/fixtures";
import { fixtureStore, SAMPLE_APPS, SENSE_THEME } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { readAllProducts } from "@/testing/read-all-products";
import { callDocumentedApi, type Caller } from "@/testing/tracking/api-calls";
import { runMonitorCheck, trackAndWait } from "@/testing/tracking/monitor";
import { waitForDeliveryRunsToEnd } from "@/testing/workflow/delivery-runs";
import { standardWebhookHeaders, startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

// Issue 45's "done when", walked once against the fake store with the real pipeline, the daily
// monitor, the outbox and a loopback webhook receiver: a tracked store drops an app, adds one and
// changes theme; then the monitor sees a price drop; then a re-analysis finds nothing new.

const DOMAIN = "store-history.test";
const SLUG = "store-history-test";
const DAY = 86_400_000;
const HOOK = "/hooks/store-history";

let h: PipelineHarness;
let receiver: WebhookReceiver;
let byKey: Caller;
let bySession: Caller;
let email: string;
let storeId: string;
const analyses: Job[] = [];

const timeline = async () =>
  (await callDocumentedApi<StoreTimeline>("GET", "/api/stores/:slug/timeline", {}, { values: { slug: SLUG }, query: "?per_page=50" })).body;
const kinds = (events: { kind: string; key: string }[]) => events.map(({ kind, key }) => `${kind} ${key}`).sort();
const TECHNOLOGY_EVENTS = ["app_installed loox", "app_removed judge-me", "theme_changed theme"];

/** The slugs the directory lists under `app`: its filter (GET /api/stores?app=…) and the app's page (GET /api/apps/:name). */
async function listedUnder(app: string) {
  const filtered = await callDocumentedApi<{ data: { slug: string }[] }>("GET", "/api/stores", {}, { query: `?per_page=50&app=${app}` });
  const page = await callDocumentedApi<{ recent_stores: { slug: string }[] }>("GET", "/api/apps/:name", {}, { values: { name: app } });
  const slugs = filtered.body.data.map((store) => store.slug);
  // The two doors of the directory agree.
  expect(page.body.recent_stores.map((store) => store.slug)).toEqual(expect.arrayContaining(slugs));
  expect(slugs).toEqual(expect.arrayContaining(page.body.recent_stores.map((store) => store.slug)));

  return slugs;
}

const feed = async () => (await callDocumentedApi<AlertFeed>("GET", "/api/alerts", byKey, { query: "?per_page=50" })).body;
const hooks = () => receiver.requests.filter((request) => request.path === HOOK);

async function reportView(jobId: string) {
  const view = await loadReportView(jobId);
  if (view?.kind !== "report") throw new Error(`no report view for ${jobId}`);

  return view;
}

beforeAll(async () => {
  // Retries a second apart (durable waits are whole seconds): the schedule's shape is under test, not its length.
  h = await startPipeline({ WEBHOOK_RETRY_DELAYS: "1s,1s,1s" });
  receiver = await startWebhookReceiver();
  byKey = { apiKey: h.apiKey };
  bySession = { cookie: await createTestSession(h.userId) };
  email = (await getDb().select().from(users).where(eq(users.id, h.userId)))[0]!.email!;
}, 180_000);

afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

describe("a tracked store's history, from the fake store to its follower", () => {
  it("after its first analysis: listed under its apps, and a timeline that says it has no history yet", async () => {
    // Klaviyo and Judge.me on Dawn 15.0.0, the fixture's defaults.
    h.fakeStore.addStore(fixtureStore(DOMAIN));
    const { shop, job } = await trackAndWait(h, DOMAIN);
    expect(job.status).toBe("completed");
    expect(shop.slug).toBe(SLUG);
    storeId = shop.store.id;
    analyses.push(job);

    expect(await listedUnder("judge-me")).toContain(SLUG);
    const first = await timeline();
    expect(first.data).toEqual([]);
    expect(first.note).toMatch(/^Analyzed once so far/);
  });

  it("drops one app, adds another and changes theme: exactly those three events on the timeline, in the report and the API", async () => {
    h.fakeStore.addStore(fixtureStore(DOMAIN, { apps: [SAMPLE_APPS.klaviyo, APP_SAMPLES.loox!], theme: SENSE_THEME }));
    const second = await h.submitAndWait(DOMAIN);
    expect(second.status).toBe("completed");
    analyses.push(second);

    const body = await timeline();
    expect(kinds(body.data)).toEqual(TECHNOLOGY_EVENTS);
    expect(body.note).toBeNull();
    for (const event of body.data) {
      expect(event.analysis.job_id).toBe(second.id);
      expect(event.previous_analysis?.job_id).toBe(analyses[0]!.id);
    }
    expect(body.data.find((event) => event.kind === "theme_changed")).toMatchObject({ before: "Dawn 15.0.0", after: "Sense 15.2.0" });

    const { history } = await reportView(second.id);
    expect(kinds(history.events)).toEqual(TECHNOLOGY_EVENTS);
    expect(history.previous?.job_id).toBe(analyses[0]!.id);

    expect(await listedUnder("judge-me")).not.toContain(SLUG);
    expect(await listedUnder("loox")).toContain(SLUG);
    expect(await listedUnder("klaviyo")).toContain(SLUG);
  });

  it("a price drop seen by the daily monitor reaches the follower by signed webhook (on the third try, once), e-mail and feed", async () => {
    const secret = String((await callDocumentedApi<{ secret: string }>("POST", "/api/webhooks/secret", bySession)).body.secret);
    expect((await callDocumentedApi("PUT", "/api/webhooks", bySession, { body: { url: receiver.url(HOOK) } })).status).toBe(200);
    const settings = await callDocumentedApi("PUT", "/api/shops/:slug/alerts", byKey, {
      values: { slug: SLUG },
      body: { email: "instant" },
    });
    expect(settings.body).toMatchObject({ email: "instant", webhook: true, feed: true, price_threshold_percent: 10, muted: false });
    const before = await feed();

    const variant = (await readAllProducts(DOMAIN)).products
      .flatMap((product) => product.variants.map((v) => ({ ...v, product: product.title })))
      .find((v) => Number(v.price) >= 10)!;
    const halved = (Number(variant.price) / 2).toFixed(2);
    h.fakeStore.store(DOMAIN).advance({ priceChanges: [{ variantId: variant.id, price: halved }] });
    receiver.failNext(2, 503);

    const third = await runMonitorCheck(h, storeId, new Date(Date.now() + 2 * DAY));
    expect(third.status).toBe("completed");
    analyses.push(third);

    // The webhook: refused twice, taken on the third attempt, each signed with the same id.
    const [delivery] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, h.userId));
    expect(await waitForDeliveryRunsToEnd(delivery!.id)).toBe(1);
    expect((await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0]).toMatchObject({
      status: "delivered",
      attempts: 3,
      nextAttemptAt: null,
    });
    // A replayed attempt after the 2xx sends nothing either.
    expect(await attemptDelivery(delivery!.id, 4, null)).toBe("delivered");
    const requests = hooks();
    expect(requests).toHaveLength(3);
    const ids = new Set(requests.map((request) => standardWebhookHeaders(request)["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const request of requests) {
      const payload = new Webhook(secret).verify(request.body, standardWebhookHeaders(request)) as { type: string; data: unknown };
      expect(payload).toMatchObject({
        type: "alert.price_changed",
        data: {
          kind: "price_changed",
          store: { domain: DOMAIN, slug: SLUG },
          subject: { type: "variant", id: String(variant.id) },
          before: { price: variant.price },
          after: { price: halved },
          description: expect.stringMatching(/dropped 50%/),
        },
      });
    }
    const log = await callDocumentedApi<{ data: { id: string; attempts: number; attempt_log: { response_status: number | null }[] }[] }>(
      "GET",
      "/api/webhooks/deliveries",
      bySession,
    );
    expect(log.body.data.map((d) => [d.id, d.attempts, d.attempt_log.map((a) => a.response_status)])).toEqual([
      [[...ids][0], 3, [503, 503, 200]],
    ]);

    // The e-mail, at once: one, naming the drop.
    const mails = await listOutbox({ to: email });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(new RegExp(`${DOMAIN.replace(".", "\\.")}: Price of .* dropped 50%`));

    // The feed: the drop, unread, beside the three technology alerts of the analysis before.
    const after = await feed();
    expect(after.unread).toBe(before.unread + 1);
    expect(kinds(before.data.map((a) => ({ kind: a.kind, key: a.subject.id })))).toEqual(TECHNOLOGY_EVENTS);
    const drop = after.data.find((alert) => alert.kind === "price_changed");
    expect(drop).toMatchObject({
      read: false,
      subject: { id: String(variant.id) },
      before: { price: variant.price },
      after: { price: halved },
    });
    expect(after.data).toHaveLength(before.data.length + 1);

    // And the timeline has it too, after the three technology events.
    expect(kinds((await timeline()).data)).toEqual([...TECHNOLOGY_EVENTS, `price_changed ${variant.id}`].sort());
  });

  it("a re-analysis that finds no change names its previous analysis and tells nobody anything", async () => {
    const before = { feed: await feed(), mails: (await listOutbox({ to: email })).length, hooks: hooks().length };
    const fourth = await runMonitorCheck(h, storeId, new Date(Date.now() + 4 * DAY));
    expect(fourth.status).toBe("completed");
    const third = analyses.at(-1)!;

    const changelog = await callDocumentedApi("GET", "/api/changelog/:jobId", {}, { values: { jobId: fourth.id } });
    expect(changelog.body).toMatchObject({ previous_job_id: third.id, pagination: { total: 0 } });
    const view = await reportView(fourth.id);
    expect(view.history).toMatchObject({ events: [], previous: { job_id: third.id } });
    const section = renderToStaticMarkup(createElement(ChangelogSection, { jobId: fourth.id, changelog: view.changelog }));
    expect(section).toContain("No change since");
    expect(section).toContain(`href="/reports/${third.id}"`);

    expect((await timeline()).pagination.total).toBe(4);
    const after = await feed();
    expect([after.unread, after.data.length]).toEqual([before.feed.unread, before.feed.data.length]);
    expect((await listOutbox({ to: email })).length).toBe(before.mails);
    expect(hooks()).toHaveLength(before.hooks);
  });
});
