import { route } from "@/lib/endpoints/route";
import { listWebhookDeliveries } from "@/lib/webhooks";
import { listWebhookDeliveriesEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

// GET /api/webhooks/deliveries – the delivery log, each delivery with its attempts
export const GET = route(listWebhookDeliveriesEndpoint, ({ user, query }) => listWebhookDeliveries(user.id, query));
