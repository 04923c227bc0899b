import { redirect } from "next/navigation";
import { auth } from "./auth";
import { safeCallbackPath } from "./callback-url";

/**
 * For the sign-in and sign-up pages: where to go afterwards (a safe local path). A visitor
 * who is already signed in goes there at once.
 */
export async function redirectIfSignedIn(callbackUrl: unknown): Promise<string> {
  const target = safeCallbackPath(callbackUrl);
  if ((await auth())?.user) redirect(target);

  return target;
}
