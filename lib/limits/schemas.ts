import { z } from "zod";

/**
 * The 429 body of the limits outside chat (auth attempts per minute, confirmation e-mails per
 * hour, quick looks per day, an address in its cooldown window, an address's share of open
 * progress connections): the one error body of docs/decisions.md §7, naming the limit hit and
 * when to retry. Sent with a Retry-After header.
 */
export const rateLimitedBodySchema = z.object({
  error: z.string(),
  code: z.literal("rate_limited"),
  limit_type: z
    .enum(["per_minute", "per_hour", "per_day", "ip_cooldown", "open_connections"])
    .describe("The limit hit: a fixed minute, hour or day window, the address's cooldown, or its share of open progress connections"),
  retry_after: z.number().int().describe("Seconds to wait before retrying (also in Retry-After)"),
});
export type RateLimitedBody = z.infer<typeof rateLimitedBodySchema>;

/**
 * The 429 of an address in its cooldown window (lib/limits/ip-cooldown.ts), apart where an
 * endpoint has limits of its own (chat), so each 429 body matches exactly one documented shape.
 */
export const ipCooldownBodySchema = rateLimitedBodySchema.extend({ limit_type: z.literal("ip_cooldown") });
