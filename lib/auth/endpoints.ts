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
  answers: { 200: { schema: messageResponseSchema }, 400: "error" },
});

export const resendVerificationEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/verify-email/resend",
  access: "account",
  operationId: "resendVerificationEmail",
  tag: "account",
  summary: "Mail a new confirmation link to the account's e-mail (3 per hour)",
  answers: { 202: { schema: messageResponseSchema } },
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
  answers: { 200: { schema: messageResponseSchema }, 400: "error" },
});
