import { route } from "@/lib/api/route";
import { getHealth } from "@/lib/health/get-health";

export const dynamic = "force-dynamic";

// GET /api/health – liveness, database driver, workflow engine and version
export const GET = route({ access: "public" }, () => getHealth());
