import { created } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { rotateWebhookSecret } from "@/lib/webhooks";
import { rotateWebhookSecretEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

// POST /api/webhooks/secret – a new signing secret, in this answer only
export const POST = route(rotateWebhookSecretEndpoint, async ({ user }) => created(await rotateWebhookSecret(user.id)));
