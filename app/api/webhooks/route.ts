import { route } from "@/lib/endpoints/route";
import { getWebhookSettings, setWebhookUrl } from "@/lib/webhooks";
import { getWebhookSettingsEndpoint, updateWebhookSettingsEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

// GET /api/webhooks – the signed-in user's webhook URL and signing-secret prefix
export const GET = route(getWebhookSettingsEndpoint, ({ user }) => getWebhookSettings(user.id));

// PUT /api/webhooks – set or clear the alert webhook URL
export const PUT = route(updateWebhookSettingsEndpoint, ({ user, body }) => setWebhookUrl(user.id, body.url));
