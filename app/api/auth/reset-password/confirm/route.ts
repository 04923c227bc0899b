import { route } from "@/lib/endpoints/route";
import { passwordResetSchema, resetPassword } from "@/lib/auth";

export const dynamic = "force-dynamic";

// POST /api/auth/reset-password/confirm – set a new password with a reset token; signs the user out everywhere
export const POST = route({ access: "public", body: passwordResetSchema }, async ({ body }) => {
  const { message } = await resetPassword(body);

  return { message };
});
