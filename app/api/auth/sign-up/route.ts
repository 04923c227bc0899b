import { created } from "@/lib/api/responses";
import { route } from "@/lib/api/route";
import { signUpSchema, signUpWithPassword } from "@/lib/auth";

export const dynamic = "force-dynamic";

// POST /api/auth/sign-up – create an account with e-mail and password (then sign in through Auth.js)
export const POST = route({ access: "public", body: signUpSchema }, async ({ body }) =>
  created(await signUpWithPassword(body)),
);
