import type { FormWording } from "@/lib/forms/refusal";

/**
 * How the account forms name their fields when they refuse (describeRefusal): the same words in
 * the browser's check before sending and in the server action's answer.
 */
export const AUTH_FORM_WORDING = {
  email: { label: "your e-mail address", required: "Enter your e-mail address." },
  password: { label: "the password", required: "Enter a password." },
  confirm: { label: "the password again", required: "Repeat the new password." },
  name: { label: "your name" },
} satisfies FormWording;

/** Sign-in asks for the password the account already has. */
export const SIGN_IN_FORM_WORDING = {
  ...AUTH_FORM_WORDING,
  password: { label: "your password", required: "Enter your password." },
} satisfies FormWording;
