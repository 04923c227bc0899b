// Server-side auth API for routes and pages. Auth.js itself (handlers, auth, signIn,
// signOut) is in ./auth, imported directly where needed so tests of the pure parts
// do not load next-auth.
export { signUpWithPassword, signUpAcceptedMessage } from "./sign-up";
export { confirmEmail, resendVerificationMail, VERIFY_LINK_INVALID_MESSAGE, EMAIL_UNVERIFIED_MESSAGE } from "./email-verification";
export {
  requestPasswordReset,
  resetPassword,
  isResetTokenUsable,
  RESET_REQUESTED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from "./password-reset";
export { verifyCredentials } from "./verify-credentials";
export { passwordProblem, PASSWORD_MIN_LENGTH } from "./password-rules";
export { createSession, revokeUserSessions } from "./sessions";
export { configuredOAuthProviders } from "./oauth-providers";
export * from "./schemas";
