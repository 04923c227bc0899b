import { json } from "@/lib/api/responses";
import { route } from "@/lib/api/route";
import { passwordResetRequestSchema, requestPasswordReset } from "@/lib/auth";

export const dynamic = "force-dynamic";

// POST /api/auth/reset-password – e-mail a single-use reset link (same answer whether or not the account exists)
export const POST = route({ access: "public", body: passwordResetRequestSchema }, async ({ body }) =>
  json(await requestPasswordReset(body), 202),
);
