import { z } from "zod";
import { typedEmailAddressSchema } from "@/lib/mail/email-address";
import { newPasswordSchema, PASSWORD_IS_EMAIL_MESSAGE, PASSWORD_MAX_LENGTH, passwordIsEmail, passwordProblem } from "./password-rules";

export const emailSchema = typedEmailAddressSchema;

/** Sign up (POST /api/auth/sign-up and the /sign-up form). */
export const signUpSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    name: z
      .string()
      .trim()
      .max(100, "Name must be at most 100 characters")
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((value, ctx) => {
    if (passwordIsEmail(value.password, value.email)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_IS_EMAIL_MESSAGE });
    }
  });

/** Sign in with e-mail and password (the Credentials provider). */
export const credentialsSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

/** Ask for a reset link (POST /api/auth/reset-password and the /reset-password form). */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** Set a new password with a reset link's token (POST /api/auth/reset-password/confirm). */
export const passwordResetSchema = z.object({
  token: z.string().min(20, "This reset link is invalid").max(200, "This reset link is invalid"),
  password: newPasswordSchema,
});

/**
 * The new-password form (/reset-password/[token]): the strength rule of the API and the two
 * entries matching. The reset action checks it before the token is spent; the form, before sending.
 */
export const newPasswordFormSchema = z.object({ password: z.string(), confirm: z.string() }).superRefine((value, ctx) => {
  const problem = passwordProblem(value.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  else if (value.password !== value.confirm)
    ctx.addIssue({ code: "custom", path: ["confirm"], message: "The two passwords do not match." });
});

/** A user as the API shows it: no password material, ever. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});

/**
 * The answer of POST /api/auth/sign-up, the same for a new and a taken address (no account
 * enumeration). `verification_required` is the server's setting: when false, sign in now.
 */
export const signUpResponseSchema = z.object({ message: z.string(), verification_required: z.boolean() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** Confirm an e-mail address with the token of its link (POST /api/auth/verify-email). */
export const verifyEmailSchema = z.object({
  token: z.string().min(20, "This confirmation link is invalid").max(200, "This confirmation link is invalid"),
});
export const messageResponseSchema = z.object({ message: z.string() });

export type SignUpInput = z.input<typeof signUpSchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
