import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { payments, users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { setStripeCustomer } from "@/lib/auth/set-stripe-customer";
import { getEnv } from "@/lib/env";
import { siteUrl } from "@/lib/site-url";
import type { CreateCheckoutBody } from "../schemas";
import { usdToCents, type PurchasablePlan } from "../admission/plans";
import { getStripe, toStripeApiError } from "./client";
import { parseDomainOrThrow } from "@/lib/shopify-reader/parse-domain";

function priceIdOf(plan: PurchasablePlan): string {
  const env = getEnv();
  const price = plan === "single_report" ? env.STRIPE_PRICE_SINGLE_REPORT : env.STRIPE_PRICE_PRO_MONTHLY;
  if (!price) throw new ApiError("unavailable", `The ${plan} plan has no Stripe price configured on this server`);

  return price;
}

function amountCentsOf(plan: PurchasablePlan): number {
  const env = getEnv();

  return usdToCents(plan === "single_report" ? env.SINGLE_REPORT_PRICE_USD : env.PRO_MONTHLY_PRICE_USD);
}

/** The user's Stripe customer, created once (a concurrent second one loses and is not used). */
async function ensureCustomer(user: PrincipalUser): Promise<string> {
  const [row] = await getDb().select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  if (row?.customer) return row.customer;

  const customer = await getStripe()
    .customers.create({ email: user.email ?? undefined, name: user.name ?? undefined, metadata: { userId: user.id } })
    .catch(toStripeApiError);
  await setStripeCustomer(getDb(), user.id, customer.id);
  const [after] = await getDb().select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));

  return after?.customer ?? customer.id;
}

/**
 * A Stripe Checkout Session for a plan. single_report for a store needs no account: the job
 * starts when Stripe reports the payment, and the report is found by the session id. Signed in
 * without a store, single_report buys a job credit. pro_monthly needs an account.
 */
export async function createCheckoutSession(body: CreateCheckoutBody, user: PrincipalUser | null) {
  const base = siteUrl();
  const domain = body.domain === undefined ? null : parseDomainOrThrow(body.domain);
  const price = priceIdOf(body.plan);

  if (body.plan === "pro_monthly" && !user) {
    throw new ApiError("unauthorized", "Sign in (or create an account) to subscribe to Pro");
  }
  if (body.plan === "pro_monthly" && domain) {
    throw new ApiError("invalid_request", "pro_monthly does not take a domain", {
      extra: { issues: [{ path: "body.domain", message: "only single_report takes a domain" }] },
    });
  }
  if (body.plan === "single_report" && !domain && !user) {
    throw new ApiError("invalid_request", "Without an account, single_report needs the store domain to analyze", {
      extra: { issues: [{ path: "body.domain", message: "domain is required without an account" }] },
    });
  }

  const metadata: Record<string, string> = { plan: body.plan };
  if (user) metadata.userId = user.id;
  if (domain) metadata.domain = domain;
  const customer = user ? await ensureCustomer(user) : undefined;
  const reportPage = `${base}/reports/{CHECKOUT_SESSION_ID}`;

  const session = await getStripe()
    .checkout.sessions.create({
      mode: body.plan === "pro_monthly" ? "subscription" : "payment",
      line_items: [{ price, quantity: 1 }],
      customer,
      client_reference_id: user?.id,
      metadata,
      ...(body.plan === "pro_monthly" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      success_url: domain ? reportPage : `${base}/dashboard/billing?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: domain ? `${base}/stores?checkout=cancelled` : `${base}/pricing?checkout=cancelled`,
    })
    .catch(toStripeApiError);
  if (!session.url) throw new ApiError("unavailable", "Stripe did not return a checkout page");

  await getDb()
    .insert(payments)
    .values({
      userId: user?.id ?? null,
      stripeCheckoutSessionId: session.id,
      plan: body.plan,
      amountCents: amountCentsOf(body.plan),
      domain,
    })
    .onConflictDoNothing();

  return {
    id: session.id,
    url: session.url,
    plan: body.plan,
    report_url: domain ? reportPage.replace("{CHECKOUT_SESSION_ID}", session.id) : null,
  };
}
