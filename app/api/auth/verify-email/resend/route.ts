import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { resendVerificationMail } from "@/lib/auth";
import { resendVerificationEmailEndpoint } from "@/lib/auth/endpoints";

export const dynamic = "force-dynamic";

// POST /api/auth/verify-email/resend – mail the signed-in account a new confirmation link (rate limited)
export const POST = route(resendVerificationEmailEndpoint, async ({ user }) => json(await resendVerificationMail(user), 202));
