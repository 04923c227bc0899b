import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { siteUrl } from "@/lib/site-url";
import { getStripe, toStripeApiError } from "./client";

/** A Stripe billing portal session where the user manages or cancels their subscription. */
export async function createPortalSession(userId: string): Promise<{ url: string }> {
  const [user] = await getDb().select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  if (!user?.customer) throw new ApiError("not_found", "No billing account yet: buy a plan first");

  const session = await getStripe()
    .billingPortal.sessions.create({
      customer: user.customer,
      return_url: `${siteUrl()}/dashboard/billing`,
    })
    .catch(toStripeApiError);

  return { url: session.url };
}
