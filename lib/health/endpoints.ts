import { defineEndpoint } from "@/lib/http/define-endpoint";
import { healthSchema } from "./schemas";

export const getHealthEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/health",
  access: "public",
  operationId: "getHealth",
  tag: "system",
  summary:
    "Liveness, database driver, workflow engine, version; status ok, or degraded with reasons (storage_low: no new jobs, steps wait); 503 when the database is unreachable",
  description:
    "For load balancers and uptime checks: 200 while the process serves requests, even degraded (read status and reasons); 503 database_unavailable with Retry-After while the database cannot be reached. Never counted toward or refused by the IP cooldown, so it answers no 429. Not cached.",
  answers: { 200: { schema: healthSchema } },
  // A load balancer probes it from one address: a cooldown on that address must not take the instance out.
  ipCooldown: false,
});
