import { route } from "@/lib/endpoints/route";
import { confirmEmail } from "@/lib/auth";
import { verifyEmailEndpoint } from "@/lib/auth/endpoints";

export const dynamic = "force-dynamic";

// POST /api/auth/verify-email – confirm the account's e-mail with the token of its link
export const POST = route(verifyEmailEndpoint, async ({ body }) => confirmEmail(body.token));
