import { route } from "@/lib/endpoints/route";
import { resetPassword } from "@/lib/auth";
import { confirmPasswordResetEndpoint } from "@/lib/auth/endpoints";

export const dynamic = "force-dynamic";

// POST /api/auth/reset-password/confirm – set a new password with a reset token; signs the user out everywhere
export const POST = route(confirmPasswordResetEndpoint, async ({ body }) => {
  const { message } = await resetPassword(body);

  return { message };
});
