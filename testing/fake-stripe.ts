/**
 * A fake Stripe on loopback for tests and the e2e server. The real `stripe` SDK talks to it
 * (STRIPE_API_BASE → the SDK's host/port/protocol): customers, Checkout Sessions and billing
 * portal sessions, with the SDK's form-encoded bodies and bearer key. Its Checkout page
 * (`session.url`) has a Pay button that completes the session the way Stripe does: it sends
 * the signed events (stripe.webhooks.generateTestHeaderString) to our webhook, then redirects
 * the browser to success_url with {CHECKOUT_SESSION_ID} filled in.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FakeStripeEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  api_version: string;
};
export type FakeStripeRequest = { method: string; path: string; authorization: string | undefined; body: Record<string, unknown> };
type Session = Record<string, unknown> & { id: string; mode: string; success_url: string; metadata: Record<string, string> };

export type FakeStripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where events go: our /api/stripe/webhook (set later with setWebhookTarget if unknown yet). */
  webhookUrl?: string;
  /** Instead of HTTP: hand each signed event to this function (Vitest calls the route handler). */
  deliver?: (payload: string, signature: string) => Promise<number>;
  /** Unit amounts in cents by price id. */
  prices?: Record<string, number>;
};

export type FakeStripe = {
  url: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, Session>;
  /** Delivery statuses of every event sent, in order. */
  deliveries: { event: FakeStripeEvent; status: number }[];
  setWebhookTarget(url: string): void;
  /** Builds a signed event as Stripe would; `created` in seconds (defaults to now). */
  buildEvent(type: string, object: Record<string, unknown>, created?: number): FakeStripeEvent;
  /** Signs and sends an event (again, if replayed); answers our webhook's status. */
  send(event: FakeStripeEvent, options?: { secret?: string }): Promise<number>;
  /** What the Pay button does: completes the session and sends its events. */
  pay(sessionId: string): Promise<FakeStripeEvent[]>;
  close(): Promise<void>;
};

const API_VERSION = "2026-10-28.endive";
const stripe = new Stripe("sk_test_fake_signer", { telemetry: false });
const newId = (prefix: string) => `${prefix}_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }

  return root;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Session>();
  const deliveries: FakeStripe["deliveries"] = [];
  let webhookUrl = options.webhookUrl;
  let origin = "";

  const buildEvent: FakeStripe["buildEvent"] = (type, object, created = Math.floor(Date.now() / 1000)) => ({
    id: newId("evt"),
    object: "event",
    type,
    created,
    data: { object },
    livemode: false,
    api_version: API_VERSION,
  });

  const send: FakeStripe["send"] = async (event, sendOptions = {}) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: sendOptions.secret ?? options.webhookSecret });
    let status: number;
    if (options.deliver) {
      status = await options.deliver(payload, signature);
    } else {
      if (!webhookUrl) throw new Error("fake Stripe: no webhook target");
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      await res.arrayBuffer();
      status = res.status;
    }
    deliveries.push({ event, status });

    return status;
  };

  const pay: FakeStripe["pay"] = async (sessionId) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    const now = Math.floor(Date.now() / 1000);
    const events: FakeStripeEvent[] = [];
    Object.assign(session, { status: "complete", payment_status: "paid" });
    if (session.mode === "subscription") {
      const subscriptionId = newId("sub");
      const periodEnd = now + 30 * 24 * 3600;
      const subscriptionData = (session.subscription_data ?? {}) as { metadata?: Record<string, string> };
      const subscription = {
        id: subscriptionId,
        object: "subscription",
        customer: session.customer,
        status: "active",
        created: now,
        metadata: subscriptionData.metadata ?? {},
        items: {
          object: "list",
          data: [{ id: newId("si"), object: "subscription_item", current_period_start: now, current_period_end: periodEnd }],
        },
      };
      session.subscription = subscriptionId;
      events.push(buildEvent("checkout.session.completed", { ...session }, now));
      events.push(buildEvent("customer.subscription.created", subscription, now));
      events.push(
        buildEvent(
          "invoice.paid",
          {
            id: newId("in"),
            object: "invoice",
            customer: session.customer,
            status: "paid",
            parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
            lines: { object: "list", data: [{ period: { start: now, end: periodEnd } }] },
          },
          now,
        ),
      );
    } else {
      session.payment_intent = newId("pi");
      events.push(buildEvent("checkout.session.completed", { ...session }, now));
    }
    for (const event of events) await send(event);

    return events;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    try {
      // The hosted pages a browser sees.
      const page = /^\/checkout\/(cs_[\w]+)(\/pay)?$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return sendJson(res, 404, { error: "no such session" });
        if (req.method === "POST" && page[2]) {
          await pay(session.id);
          res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });

          return res.end();
        }
        const amount = ((session.amount_total as number) / 100).toFixed(2);
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });

        return res.end(`<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body>
<h1>Fake Stripe Checkout</h1><p>${escapeHtml(session.mode)} · ${escapeHtml(String(session.metadata.plan ?? ""))} · USD ${amount}</p>
<p>${escapeHtml(session.metadata.domain ?? "")}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form></body></html>`);
      }
      if (url.pathname.startsWith("/portal/")) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });

        return res.end(
          `<!doctype html><html><body><h1>Fake billing portal</h1><a href="${escapeHtml(url.searchParams.get("return") ?? "/")}">Return</a></body></html>`,
        );
      }

      // The API the SDK calls.
      const parsed = parseForm(body);
      requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization, body: parsed });
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        return sendJson(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/customers") {
        return sendJson(res, 200, { id: newId("cus"), object: "customer", email: parsed.email ?? null, metadata: parsed.metadata ?? {} });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const items = Object.values((parsed.line_items ?? {}) as Record<string, { price: string; quantity: string }>);
        const unknown = items.find((item) => options.prices && !(item.price in options.prices));
        if (unknown) return sendJson(res, 400, { error: { type: "invalid_request_error", message: `No such price: '${unknown.price}'` } });
        const id = newId("cs");
        const session: Session = {
          id,
          object: "checkout.session",
          mode: String(parsed.mode),
          status: "open",
          payment_status: "unpaid",
          url: `${origin}/checkout/${id}`,
          success_url: String(parsed.success_url),
          cancel_url: parsed.cancel_url ?? null,
          customer: parsed.customer ?? null,
          client_reference_id: parsed.client_reference_id ?? null,
          metadata: (parsed.metadata ?? {}) as Record<string, string>,
          subscription_data: parsed.subscription_data ?? null,
          amount_total: items.reduce((sum, item) => sum + (options.prices?.[item.price] ?? 0) * Number(item.quantity ?? 1), 0),
          currency: "usd",
          subscription: null,
          payment_intent: null,
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(id, session);

        return sendJson(res, 200, session);
      }
      const get = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(url.pathname);
      if (req.method === "GET" && get) {
        const session = sessions.get(get[1]!);

        return session
          ? sendJson(res, 200, session)
          : sendJson(res, 404, { error: { type: "invalid_request_error", message: "No such checkout session" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        const id = newId("bps");
        const back = encodeURIComponent(String(parsed.return_url ?? ""));

        return sendJson(res, 200, {
          id,
          object: "billing_portal.session",
          customer: parsed.customer,
          return_url: parsed.return_url,
          url: `${origin}/portal/${id}?return=${back}`,
        });
      }
      sendJson(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    } catch (error) {
      sendJson(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    sessions,
    deliveries,
    setWebhookTarget(target) {
      webhookUrl = target;
    },
    buildEvent,
    send,
    pay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
