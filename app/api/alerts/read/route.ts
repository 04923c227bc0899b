import { route } from "@/lib/endpoints/route";
import { markAlertsRead } from "@/lib/alerts";
import { markAlertsReadEndpoint } from "@/lib/alerts/endpoints";

export const dynamic = "force-dynamic";

// POST /api/alerts/read – mark some or all alerts read
export const POST = route(markAlertsReadEndpoint, ({ user, body }) => markAlertsRead(user.id, body));
