import { defineEndpoint } from "@/lib/http/define-endpoint";
import { quickLookQuerySchema, quickLookSchema } from "./schemas";

export const getQuickLookEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/quick-look",
  access: "public",
  operationId: "getQuickLook",
  tag: "jobs",
  summary: "A quick look at a store from its home page alone: theme, apps, tags and pixels, socials, languages, agent readiness",
  description:
    "Anyone may call it, without an account: it is not a job and uses no quota. The store's robots.txt, home page and agent endpoints are read " +
    "through the same crawler as an analysis (signed, paced, robots.txt obeyed), and the answer is kept per domain for a few hours " +
    "(`fresh_until`). Limited per client address per day (QUICK_LOOKS_PER_DAY_PER_IP, 20 by default): past it, 429 with " +
    "`limit_type: per_day`. A store that cannot be read is still a 200, with `home_page.read: false` and the reason in `home_page.problem`.",
  query: quickLookQuerySchema,
  answers: {
    200: { schema: quickLookSchema },
    400: "error",
    429: { description: "This address has had its quick looks for the day (`per_day`), or is in its cooldown window (`ip_cooldown`)" },
  },
});
