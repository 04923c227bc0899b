import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { requestPasswordReset } from "@/lib/auth";
import { requestPasswordResetEndpoint } from "@/lib/auth/endpoints";
import { limitAuthAttempt } from "@/lib/limits/auth-limits";

export const dynamic = "force-dynamic";

// POST /api/auth/reset-password – e-mail a single-use reset link (same answer whether or not the account exists)
export const POST = route(requestPasswordResetEndpoint, async ({ body, principal }) => {
  await limitAuthAttempt("password-reset", principal.ip, body.email);

  return json(await requestPasswordReset(body), 202);
});
