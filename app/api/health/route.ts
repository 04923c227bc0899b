import { route } from "@/lib/endpoints/route";
import { getHealth } from "@/lib/health/get-health";

export const dynamic = "force-dynamic";

// GET /api/health – liveness, database driver, workflow engine and version. A load balancer
// probes it from one address: a cooldown on that address must not take the instance out.
export const GET = route({ access: "public", ipCooldown: false }, () => getHealth());
