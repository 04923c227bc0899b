import { route } from "@/lib/endpoints/route";
import { getHealthEndpoint } from "@/lib/health/endpoints";
import { getHealth } from "@/lib/health/get-health";

export const dynamic = "force-dynamic";

// GET /api/health – liveness, database driver, workflow engine and version. A load balancer
// probes it from one address: its declaration keeps it out of the IP cooldown.
export const GET = route(getHealthEndpoint, () => getHealth());
