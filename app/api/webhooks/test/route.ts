import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { sendTestEvent } from "@/lib/webhooks";
import { sendTestWebhookEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

// POST /api/webhooks/test – queue a webhook.test event to the user's webhook URL
export const POST = route(sendTestWebhookEndpoint, async ({ user }) => json(await sendTestEvent(user.id), 202));
