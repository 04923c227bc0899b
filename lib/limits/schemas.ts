import { z } from "zod";

/**
 * The contract's 429 body (Errors › 429 body) for the limits outside chat: auth attempts
 * per minute, and an address in its cooldown window. Sent with a Retry-After header.
 */
export const rateLimitedBodySchema = z.object({
  error: z.string(),
  code: z.literal("rate_limited"),
  limit_type: z.enum(["per_minute", "ip_cooldown"]),
  retry_after: z.number().int().describe("Seconds to wait before retrying (also in Retry-After)"),
});
export type RateLimitedBody = z.infer<typeof rateLimitedBodySchema>;
