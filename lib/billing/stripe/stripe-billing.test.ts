/**
 * Stripe billing through the real routes and the real `stripe` SDK, pointed at a fake Stripe
 * API on loopback; events are signed with stripe.webhooks.generateTestHeaderString and handed
 * to POST /api/stripe/webhook. Nothing may be credited, started or downgraded twice or wrongly.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, payments, stores, stripeEvents, subscriptions, users } from "@/db/schema";
import { createTestSession, createTestUser, sessionCookieHeader, TEST_ORIGIN } from "@/testing/auth/fixtures";
import { resetEnvCache } from "@/lib/env";
import { fixtureStore } from "@/testing/fake-store";
import { startFakeStripe, type FakeStripe } from "@/testing/fake-stripe";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const noParams = { params: Promise.resolve({}) };
const WEBHOOK_SECRET = "whsec_test_billing";
const SECRET_KEY = "sk_test_billing";

let stripe: FakeStripe;
let pipeline: PipelineHarness;
let webhook: Handler;
let checkout: Handler;
let portal: Handler;
let billing: Handler;
let report: Handler;

beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: { price_single: 999, price_pro: 2999 },
    deliver: async (payload, signature) =>
      (
        await webhook(
          new Request(`${TEST_ORIGIN}/api/stripe/webhook`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: payload,
          }),
          noParams,
        )
      ).status,
  });
  pipeline = await startPipeline({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_SINGLE_REPORT: "price_single",
    STRIPE_PRICE_PRO_MONTHLY: "price_pro",
  });
  pipeline.fakeStore.addStore(fixtureStore("bought.test"));
  pipeline.fakeStore.addStore(fixtureStore("squat-bought.co.test"));
  webhook = (await import("@/app/api/stripe/webhook/route")).POST;
  checkout = (await import("@/app/api/billing/checkout/route")).POST;
  portal = (await import("@/app/api/billing/portal/route")).POST;
  billing = (await import("@/app/api/billing/route")).GET;
  report = (await import("@/app/api/reports/[id]/route")).GET;
});

afterAll(async () => {
  for (const key of [
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_BASE",
    "STRIPE_PRICE_SINGLE_REPORT",
    "STRIPE_PRICE_PRO_MONTHLY",
  ]) {
    delete process.env[key];
  }
  resetEnvCache();
  await pipeline?.stop();
  await stripe?.close();
});

function post(handler: Handler, path: string, body: unknown, headers: Record<string, string> = {}) {
  return handler(
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    noParams,
  );
}

async function signedIn() {
  const user = await createTestUser();
  const headers = { ...sessionCookieHeader(await createTestSession(user.id)), origin: TEST_ORIGIN };

  return { user, headers };
}

async function userRow(id: string) {
  const [row] = await getDb().select().from(users).where(eq(users.id, id));

  return row!;
}

async function jobsPaidBy(sessionId: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.paymentMethod, "single_report"), eq(jobs.paymentRef, sessionId)));

  return row!.n;
}

describe("POST /api/billing/checkout", () => {
  it("single_report for a store without an account: a Checkout Session through the SDK (bearer key, price, metadata)", async () => {
    const response = await post(checkout, "/api/billing/checkout", { plan: "single_report", domain: "https://www.Bought.test/" });
    expect(response.status, await response.clone().text()).toBe(201);
    const session = await response.json();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${stripe.url}/checkout/${session.id}`);
    expect(session.report_url).toBe(`http://localhost:3000/reports/${session.id}`);

    const sent = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && JSON.stringify(r.body).includes("bought.test"))!;
    expect(sent.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.body).toMatchObject({
      mode: "payment",
      line_items: { "0": { price: "price_single", quantity: "1" } },
      metadata: { plan: "single_report", domain: "www.bought.test" },
    });
    expect(sent.body.success_url).toBe("http://localhost:3000/reports/{CHECKOUT_SESSION_ID}");
    const [payment] = await getDb().select().from(payments).where(eq(payments.stripeCheckoutSessionId, session.id));
    expect(payment).toMatchObject({
      status: "pending",
      plan: "single_report",
      amountCents: 999,
      domain: "www.bought.test",
      userId: null,
      jobId: null,
    });
  });

  it("400 for a missing or unknown plan, a bad domain, single_report without domain or account; 401 for pro_monthly without an account", async () => {
    for (const body of [{}, { plan: "gold" }, { plan: "single_report", domain: "not a domain" }, { plan: "single_report" }]) {
      const response = await post(checkout, "/api/billing/checkout", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe("invalid_request");
    }
    const pro = await post(checkout, "/api/billing/checkout", { plan: "pro_monthly" });
    expect(pro.status).toBe(401);
  });
});

describe("single_report paid by Checkout", () => {
  it("payment completes → the job starts and completes → GET /api/reports/<session id> is its report; a replayed event starts nothing more", async () => {
    const created = await (await post(checkout, "/api/billing/checkout", { plan: "single_report", domain: "bought.test" })).json();
    const before = await report(new Request(`${TEST_ORIGIN}/api/reports/${created.id}`), { params: Promise.resolve({ id: created.id }) });
    expect(before.status).toBe(404);

    const [completed] = await stripe.pay(created.id);
    expect(stripe.deliveries.at(-1)!.status).toBe(200);
    const [job] = await getDb().select().from(jobs).where(eq(jobs.paymentRef, created.id));
    expect(job).toMatchObject({ domain: "bought.test", userId: null, paymentMethod: "single_report" });
    await pipeline.waitForJob(job!.id);

    const response = await report(new Request(`${TEST_ORIGIN}/api/reports/${created.id}`), { params: Promise.resolve({ id: created.id }) });
    expect(response.status).toBe(200);
    expect((await response.json()).job.id).toBe(job!.id);

    expect(await stripe.send(completed!)).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => stripe.send(completed!)));
    expect(await jobsPaidBy(created.id)).toBe(1);
    const [payment] = await getDb().select().from(payments).where(eq(payments.stripeCheckoutSessionId, created.id));
    expect(payment).toMatchObject({ status: "paid", jobId: job!.id });
  });

  it("a paid single_report for a domain whose slug and every numbered suffix are held: the webhook answers 200 and the job starts", async () => {
    await getDb().insert(stores).values({ domain: "squat.bought-co.test", slug: "squat-bought-co-test" });
    for (let n = 2; n <= 50; n += 1)
      await getDb()
        .insert(stores)
        .values({ domain: `squat-bought-co.test-${n}`, slug: `squat-bought-co-test-${n}` });
    const created = await (await post(checkout, "/api/billing/checkout", { plan: "single_report", domain: "squat-bought.co.test" })).json();

    await stripe.pay(created.id);
    expect(stripe.deliveries.at(-1)!.status).toBe(200);
    const [job] = await getDb().select().from(jobs).where(eq(jobs.paymentRef, created.id));
    expect(job).toMatchObject({ domain: "squat-bought.co.test", paymentMethod: "single_report" });
    const [payment] = await getDb().select().from(payments).where(eq(payments.stripeCheckoutSessionId, created.id));
    expect(payment).toMatchObject({ status: "paid", jobId: job!.id });
    expect((await pipeline.waitForJob(job!.id)).status).toBe("completed");
    const [store] = await getDb().select().from(stores).where(eq(stores.domain, "squat-bought.co.test"));
    expect(store!.slug).toBe("squat-bought-co-test");
  });

  it("signed in without a domain: one job credit, never two for replays (also concurrent) of the event", async () => {
    const { user, headers } = await signedIn();
    const created = await (await post(checkout, "/api/billing/checkout", { plan: "single_report" }, headers)).json();
    expect(created.report_url).toBeNull();
    const [completed] = await stripe.pay(created.id);
    expect((await userRow(user.id)).jobCredits).toBe(1);

    await Promise.all(Array.from({ length: 5 }, () => stripe.send(completed!)));
    expect((await userRow(user.id)).jobCredits).toBe(1);
    // A different event for the same session (Stripe may send a fresh one) does not credit again.
    await stripe.send(stripe.buildEvent("checkout.session.completed", completed!.data.object));
    expect((await userRow(user.id)).jobCredits).toBe(1);
  });
});

describe("POST /api/stripe/webhook – signature", () => {
  it("a bad signature, a tampered body or no signature → 400 and nothing changes", async () => {
    const { user, headers } = await signedIn();
    const created = await (await post(checkout, "/api/billing/checkout", { plan: "single_report" }, headers)).json();
    const event = stripe.buildEvent("checkout.session.completed", {
      ...stripe.sessions.get(created.id)!,
      payment_status: "paid",
      status: "complete",
    });

    expect(await stripe.send(event, { secret: "whsec_wrong" })).toBe(400);
    const payload = JSON.stringify(event);
    const tampered = await webhook(
      new Request(`${TEST_ORIGIN}/api/stripe/webhook`, {
        method: "POST",
        headers: {
          "stripe-signature": (await import("stripe")).default.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload.replace('"plan":"single_report"', '"plan":"pro_monthly"'),
      }),
      noParams,
    );
    expect(tampered.status).toBe(400);
    const unsigned = await post(webhook, "/api/stripe/webhook", event);
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).code).toBe("invalid_request");

    expect((await userRow(user.id)).jobCredits).toBe(0);
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);

    expect(await stripe.send(event)).toBe(200);
    expect((await userRow(user.id)).jobCredits).toBe(1);
  });

  it("an event type billing does not handle is acknowledged and ignored", async () => {
    const response = await stripe.send(stripe.buildEvent("charge.refunded", { id: "ch_1" }));
    expect(response).toBe(200);
  });
});

describe("pro_monthly subscription", () => {
  async function subscribe() {
    const { user, headers } = await signedIn();
    const response = await post(checkout, "/api/billing/checkout", { plan: "pro_monthly" }, headers);
    expect(response.status, await response.clone().text()).toBe(201);
    const created = await response.json();
    const events = await stripe.pay(created.id);
    expect(stripe.deliveries.slice(-events.length).map((d) => d.status)).toEqual(events.map(() => 200));
    const subscription = events.find((e) => e.type === "customer.subscription.created")!.data.object;

    return { user, headers, subscription, createdAt: events[0]!.created };
  }

  async function summary(headers: Record<string, string>) {
    return (await billing(new Request(`${TEST_ORIGIN}/api/billing`, { headers }), noParams)).json();
  }

  it("checkout → Pro, with a Stripe customer and the period end; the Billing summary says so; the portal opens", async () => {
    const { user, headers } = await subscribe();
    const row = await userRow(user.id);
    expect(row.plan).toBe("pro_monthly");
    expect(row.stripeCustomerId).toMatch(/^cus_test_/);
    const sent = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(sent.body).toMatchObject({ mode: "subscription", customer: row.stripeCustomerId, line_items: { "0": { price: "price_pro" } } });

    const body = await summary(headers);
    expect(body).toMatchObject({
      plan: "pro_monthly",
      usage: { used: 0, limit: null },
      credits: 0,
      subscription: { status: "active" },
      can_manage_subscription: true,
    });
    expect(new Date(body.subscription.current_period_end).getTime()).toBeGreaterThan(Date.now());

    const opened = await post(portal, "/api/billing/portal", {}, headers);
    expect(opened.status).toBe(201);
    expect((await opened.json()).url).toMatch(new RegExp(`^${stripe.url}/portal/`));
    expect(stripe.requests.at(-1)).toMatchObject({
      path: "/v1/billing_portal/sessions",
      body: { customer: row.stripeCustomerId, return_url: "http://localhost:3000/dashboard/billing" },
    });
  });

  it("out of order: an older update arriving after a newer one changes nothing; deleted is final, a late update never brings Pro back", async () => {
    const { user, subscription, createdAt } = await subscribe();
    const at = (offset: number) => createdAt + offset;
    const status = async () =>
      (
        await getDb()
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.stripeSubscriptionId, subscription.id as string))
      )[0]!.status;

    await stripe.send(stripe.buildEvent("customer.subscription.updated", { ...subscription, status: "unpaid" }, at(20)));
    expect(await status()).toBe("unpaid");
    expect((await userRow(user.id)).plan).toBe("free");

    await stripe.send(stripe.buildEvent("customer.subscription.updated", { ...subscription, status: "active" }, at(10)));
    expect(await status()).toBe("unpaid");
    expect((await userRow(user.id)).plan).toBe("free");

    await stripe.send(stripe.buildEvent("customer.subscription.updated", { ...subscription, status: "active" }, at(30)));
    expect((await userRow(user.id)).plan).toBe("pro_monthly");

    await stripe.send(stripe.buildEvent("customer.subscription.deleted", { ...subscription, status: "canceled" }, at(40)));
    expect(await status()).toBe("canceled");
    expect((await userRow(user.id)).plan).toBe("free");

    await stripe.send(stripe.buildEvent("customer.subscription.updated", { ...subscription, status: "active" }, at(50)));
    await stripe.send(stripe.buildEvent("customer.subscription.created", { ...subscription, status: "active" }, at(60)));
    expect(await status()).toBe("canceled");
    expect((await userRow(user.id)).plan).toBe("free");
  });

  it("a created event arriving after a newer update does not overwrite it", async () => {
    const { user } = await signedIn();
    const customer = `cus_test_${crypto.randomUUID().slice(0, 8)}`;
    await getDb().update(users).set({ stripeCustomerId: customer }).where(eq(users.id, user.id));
    const subscription = {
      id: `sub_test_${crypto.randomUUID().slice(0, 8)}`,
      object: "subscription",
      customer,
      status: "active",
      metadata: {},
    };
    const now = Math.floor(Date.now() / 1000);

    await stripe.send(stripe.buildEvent("customer.subscription.updated", { ...subscription, status: "past_due" }, now + 5));
    await stripe.send(stripe.buildEvent("customer.subscription.created", subscription, now));
    const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscription.id));
    expect(row!.status).toBe("past_due");
    expect((await userRow(user.id)).plan).toBe("pro_monthly");
  });

  it("invoice.payment_failed → past_due (Pro kept while Stripe retries); invoice.paid → active; an older invoice event changes nothing", async () => {
    const { user, subscription, createdAt } = await subscribe();
    const invoice = (offset: number, type: string) =>
      stripe.buildEvent(
        type,
        {
          id: `in_${offset}`,
          object: "invoice",
          customer: subscription.customer,
          parent: { subscription_details: { subscription: subscription.id } },
          lines: { data: [] },
        },
        createdAt + offset,
      );
    const status = async () =>
      (
        await getDb()
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.stripeSubscriptionId, subscription.id as string))
      )[0]!.status;

    await stripe.send(invoice(10, "invoice.payment_failed"));
    expect(await status()).toBe("past_due");
    expect((await userRow(user.id)).plan).toBe("pro_monthly");

    await stripe.send(invoice(20, "invoice.paid"));
    expect(await status()).toBe("active");

    await stripe.send(invoice(15, "invoice.payment_failed"));
    expect(await status()).toBe("active");
  });

  it("the portal without a Stripe customer is a 404", async () => {
    const { headers } = await signedIn();
    const response = await post(portal, "/api/billing/portal", {}, headers);
    expect(response.status).toBe(404);
  });
});
