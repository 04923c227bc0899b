import { z } from "zod";

/**
 * The 429 body of the limits outside chat (auth attempts per minute, quick looks per day, an
 * address in its cooldown window): the one error body of docs/decisions.md §7, naming the limit hit and when
 * to retry. Sent with a Retry-After header.
 */
export const rateLimitedBodySchema = z.object({
  error: z.string(),
  code: z.literal("rate_limited"),
  limit_type: z.enum(["per_minute", "per_day", "ip_cooldown"]),
  retry_after: z.number().int().describe("Seconds to wait before retrying (also in Retry-After)"),
});
export type RateLimitedBody = z.infer<typeof rateLimitedBodySchema>;
