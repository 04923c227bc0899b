import { defineEndpoint } from "@/lib/http/define-endpoint";
import {
  messageResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signUpResponseSchema,
  signUpSchema,
  verifyEmailSchema,
} from "./schemas";

export const signUpEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/sign-up",
  access: "public",
  operationId: "signUp",
  tag: "account",
  summary:
    "Create an account with e-mail and password; the same answer whether or not the address already has an account (its owner is told by e-mail). 429 after too many attempts per minute",
  body: signUpSchema,
  description:
    "Answers 202 with the same message whether or not the address has an account, so it cannot be used to find accounts: a new account gets a confirmation link (single use, 24 hours), an existing one's owner an e-mail saying so. 400 names the field when the e-mail is not an address or the password breaks its rules (10 to 200 characters of at least two kinds, not the e-mail or its local part). 429 (limit_type per_minute) after too many attempts from one address or for one e-mail.",
  answers: { 202: { schema: signUpResponseSchema }, 400: "error" },
});

export const verifyEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/verify-email",
  access: "public",
  operationId: "verifyEmail",
  tag: "account",
  summary: "Confirm the account's e-mail with the token of its link (single use, 24 hours)",
  body: verifyEmailSchema,
  description:
    "The token is the one in the link mailed at sign-up or by POST /api/auth/verify-email/resend; it works once, for 24 hours. 400 with the same message for a token that is unknown, used or expired (sign in and ask for a new link).",
  answers: { 200: { schema: messageResponseSchema }, 400: "error" },
});

export const resendVerificationEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/verify-email/resend",
  access: "account",
  operationId: "resendVerificationEmail",
  tag: "account",
  summary: "Mail a new confirmation link to the account's e-mail (3 per hour)",
  description:
    "Mails a new link to the signed-in account's address; an already confirmed account answers 202 saying so and nothing is sent. 409 conflict when the account has no e-mail address (signed up through a provider without one). 429 (limit_type per_hour) after 3 in an hour.",
  answers: { 202: { schema: messageResponseSchema }, 409: "error" },
});

export const requestPasswordResetEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/reset-password",
  access: "public",
  operationId: "requestPasswordReset",
  tag: "account",
  summary:
    "E-mail a single-use password reset link (the same answer whether or not the account exists). 429 after too many attempts per minute",
  body: passwordResetRequestSchema,
  description:
    "Answers 202 with the same message whether or not an account has the address; the link it mails works once, for one hour. 400 when the e-mail is not an address. 429 (limit_type per_minute) after too many attempts from one address or for one e-mail.",
  answers: { 202: { schema: messageResponseSchema }, 400: "error" },
});

export const confirmPasswordResetEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/reset-password/confirm",
  access: "public",
  operationId: "confirmPasswordReset",
  tag: "account",
  summary: "Set a new password with a reset token; signs the account out everywhere",
  body: passwordResetSchema,
  description:
    "The token is the one in the mailed reset link (single use). On success the password is replaced and every session of the account is signed out. 400 for a token that is unknown, used or expired, or a password that breaks its rules (issues names body.password).",
  answers: { 200: { schema: messageResponseSchema }, 400: "error" },
});
