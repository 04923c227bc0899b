import { z } from "zod";
import { normalizeDomain } from "@/lib/store-domain/normalize-domain";
import { createJobBodySchema } from "./schemas";

/**
 * POST /api/jobs's body as the server reads it (the endpoint's and analyze_store's): the domain
 * normalized here, once, into the host every later step uses (the x402 walk, the admission, the
 * store row). Apart from createJobBodySchema, which the browser checks the form by, because the
 * host rule needs Node (lib/store-domain/normalize-domain.ts).
 */
export const createJobRequestSchema = createJobBodySchema.extend({
  domain: createJobBodySchema.shape.domain.transform((input, ctx) => {
    const host = normalizeDomain(input);
    if (host.ok) return host.domain;
    ctx.addIssue({ code: "custom", message: host.error, input });

    return z.NEVER;
  }),
});
export type CreateJobRequest = z.infer<typeof createJobRequestSchema>;
