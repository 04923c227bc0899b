/** Messages for the `?error=` codes Auth.js redirects to the sign-in page with. */
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong e-mail or password.",
  OAuthAccountNotLinked:
    "This e-mail already has an account with another sign-in method. Sign in that way (or reset your password) and confirm your e-mail address first.",
  AccessDenied: "Access was denied.",
  Configuration: "Sign-in is not available right now. Please try again later.",
  Verification: "This sign-in link is no longer valid.",
};

export function signInErrorMessage(code: unknown): string | undefined {
  if (typeof code !== "string" || code === "") return undefined;

  return MESSAGES[code] ?? "Sign-in failed. Please try again.";
}
