import { route } from "@/lib/endpoints/route";
import { listAlerts } from "@/lib/alerts";
import { listAlertsEndpoint } from "@/lib/alerts/endpoints";

export const dynamic = "force-dynamic";

// GET /api/alerts – the caller's alert feed and unread count
export const GET = route(listAlertsEndpoint, ({ user, query }) => listAlerts(user.id, query));
