import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { signUpWithPassword } from "@/lib/auth";
import { signUpEndpoint } from "@/lib/auth/endpoints";
import { limitAuthAttempt } from "@/lib/limits/auth-limits";

export const dynamic = "force-dynamic";

// POST /api/auth/sign-up – create an account with e-mail and password; the same 202 whether or not the address was taken
export const POST = route(signUpEndpoint, async ({ body, principal }) => {
  await limitAuthAttempt("sign-up", principal.ip, body.email);

  return json(await signUpWithPassword(body), 202);
});
