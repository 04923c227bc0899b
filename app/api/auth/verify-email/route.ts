import { route } from "@/lib/endpoints/route";
import { confirmEmail, verifyEmailSchema } from "@/lib/auth";

export const dynamic = "force-dynamic";

// POST /api/auth/verify-email – confirm the account's e-mail with the token of its link
export const POST = route({ access: "public", body: verifyEmailSchema }, async ({ body }) => confirmEmail(body.token));
