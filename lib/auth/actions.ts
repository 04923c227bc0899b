"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { ApiError } from "@/lib/http/errors";
import { describeRefusal } from "@/lib/forms/refusal";
import { limitAuthAttempt } from "@/lib/limits/auth-limits";
import { requestLimitKey } from "@/lib/http/client-address";
import { signIn, signOut } from "./auth";
import { safeCallbackPath } from "./callback-url";
import { configuredOAuthProviders } from "./oauth-providers";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { confirmEmail, resendVerificationMailFor } from "./email-verification";
import { AUTH_FORM_WORDING } from "./form-wording";
import { newPasswordFormSchema } from "./schemas";
import { findSessionUser } from "./session-user";
import { signUpAcceptedMessage, signUpWithPassword } from "./sign-up";

/** What a form shows after a failed submit: one message, per-field messages, kept values. */
export type FormState = {
  error?: string;
  message?: string;
  fieldErrors?: Partial<Record<"email" | "password" | "confirm" | "name" | "token", string>>;
  values?: { email?: string; name?: string };
};

const WRONG_CREDENTIALS_MESSAGE = "Wrong e-mail or password.";
const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts; wait a minute and try again.";
const SIGN_UP_SIGN_IN_FAILED_MESSAGE =
  "We could not sign you in with this e-mail and password. If the address already has an account, sign in with its password or reset it.";

const field = (formData: FormData, name: string) => {
  const value = formData.get(name);

  return typeof value === "string" ? value : "";
};

/** A refusal in the forms' words (describeRefusal, as in the browser's own check), with what was typed. */
function toFormState(error: ApiError, values: FormState["values"]): FormState {
  const refusal = describeRefusal({ status: error.status, body: error.toBody() }, AUTH_FORM_WORDING);

  return { error: refusal.message, fieldErrors: refusal.fields, values };
}

/** A refusal that belongs to no field (a spent link, a resend limit), as one sentence. */
const refusalSentence = (error: ApiError) => describeRefusal({ status: error.status, body: error.toBody() }).message;

/** Credentials sign-in: a database session row and its cookie, then the callback path. */
export async function signInAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const email = field(formData, "email");
  const redirectTo = safeCallbackPath(field(formData, "callbackUrl"));
  try {
    await signIn("credentials", { email, password: field(formData, "password"), redirectTo });
  } catch (error) {
    // signIn() redirects by throwing; only Auth.js errors are failed sign-ins.
    if (error instanceof CredentialsSignin && error.code === "rate_limited") {
      return { error: TOO_MANY_ATTEMPTS_MESSAGE, values: { email } };
    }
    if (error instanceof AuthError) return { error: WRONG_CREDENTIALS_MESSAGE, values: { email } };
    throw error;
  }

  return {};
}

/**
 * Sign-up answers alike for a new and a taken address. With verification required, the form
 * shows "check your e-mail" and signs nobody in: a sign-in would succeed for a new address and
 * fail for a taken one, telling which addresses have accounts. With it off (mail to the log),
 * it signs in with the credentials just sent, so a new account lands on its dashboard (whose
 * banner mentions the confirmation e-mail); a taken address fails like any wrong password.
 */
export async function signUpAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const values = { email: field(formData, "email"), name: field(formData, "name") };
  const password = field(formData, "password");
  let verificationRequired: boolean;
  try {
    await limitAuthAttempt("sign-up", requestLimitKey(await headers()), values.email);
    ({ verification_required: verificationRequired } = await signUpWithPassword({ email: values.email, password, name: values.name }));
  } catch (error) {
    if (error instanceof ApiError) return toFormState(error, values);
    throw error;
  }
  if (verificationRequired) return { message: signUpAcceptedMessage(true), values };
  try {
    await signIn("credentials", { email: values.email, password, redirectTo: safeCallbackPath(field(formData, "callbackUrl")) });
  } catch (error) {
    if (error instanceof AuthError) return { error: SIGN_UP_SIGN_IN_FAILED_MESSAGE, values };
    throw error;
  }

  return {};
}

/** Resends the confirmation link of the signed-in account (the dashboard banner's button). */
export async function resendVerificationAction(_prev: FormState, _formData: FormData): Promise<FormState> {
  const user = await findSessionUser();
  if (!user) return { error: "Sign in first." };
  try {
    return { message: (await resendVerificationMailFor(user.id)).message };
  } catch (error) {
    if (error instanceof ApiError) return { error: refusalSentence(error) };
    throw error;
  }
}

/** The confirmation page's button: spends the link, then the page says so. */
export async function verifyEmailAction(_prev: FormState, formData: FormData): Promise<FormState> {
  try {
    return { message: (await confirmEmail(field(formData, "token"))).message };
  } catch (error) {
    if (error instanceof ApiError) return { error: refusalSentence(error) };
    throw error;
  }
}

export async function requestPasswordResetAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const values = { email: field(formData, "email") };
  try {
    await limitAuthAttempt("password-reset", requestLimitKey(await headers()), values.email);
    const { message } = await requestPasswordReset(values);

    return { message };
  } catch (error) {
    // Delivery happens after the answer (queueMail): a failure is logged, never shown here.
    if (error instanceof ApiError) return toFormState(error, values);
    throw error;
  }
}

export async function resetPasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const password = field(formData, "password");
  const checked = newPasswordFormSchema.safeParse({ password, confirm: field(formData, "confirm") });
  if (!checked.success) {
    const refusal = describeRefusal(checked.error, AUTH_FORM_WORDING);

    return { error: refusal.message, fieldErrors: refusal.fields };
  }
  try {
    // A dead link is the whole form's problem: `token` is not among the form's fields.
    await resetPassword({ token: field(formData, "token"), password });
  } catch (error) {
    if (error instanceof ApiError) return toFormState(error, {});
    throw error;
  }
  redirect("/sign-in?reset=done");
}

export async function oauthSignInAction(formData: FormData): Promise<void> {
  const provider = field(formData, "provider");
  if (!configuredOAuthProviders().some((p) => p.id === provider)) redirect("/sign-in?error=Configuration");
  await signIn(provider, { redirectTo: safeCallbackPath(field(formData, "callbackUrl")) });
}

/** Deletes this session's row (Auth.js signout), so the cookie is dead everywhere at once. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
