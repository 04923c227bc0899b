import { redirect } from "next/navigation";
import { auth, type SessionUser } from "./auth";
import { safeCallbackPath } from "./callback-url";

/** The signed-in user of a page render, or null (Auth.js database session; refreshes it). */
export async function findSessionUser(): Promise<SessionUser | null> {
  const session = await auth();

  return (session?.user as SessionUser | undefined) ?? null;
}

/** The signed-in user, or a redirect to /sign-in that comes back to `returnTo`. */
export async function requireSessionUser(returnTo: string): Promise<SessionUser> {
  const user = await findSessionUser();
  if (!user?.id) redirect(`/sign-in?callbackUrl=${encodeURIComponent(safeCallbackPath(returnTo))}`);

  return user;
}
