import { z } from "zod";

// What the API takes as an e-mail address, wherever one comes in (sign-up, password reset,
// a job's notify_email, a mail's recipient). Browser-safe: the forms check with it too.

/** A domain label: letters, digits and hyphens, neither first nor last (RFC 1035), at most 63. */
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
/** zod's default local part (no leading, trailing or doubled dot). */
const LOCAL = "(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]";

/**
 * An address as the server accepts it: zod's default e-mail rule with the domain's labels held
 * to the hostname rule (`x@bad-.com` is refused). Stricter than JSON Schema's `format: email`
 * nowhere a mail could be delivered, and no looser anywhere: the OpenAPI document states it as
 * both, and what one accepts the other does.
 */
export const EMAIL_ADDRESS_PATTERN = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** As typed in a form: the same address with spaces around it, trimmed before it is read. */
const TYPED_EMAIL_ADDRESS_PATTERN = new RegExp(`^\\s*${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}\\s*$`);

/** An e-mail address the API stores or mails to, exactly as sent (`format: email` and the pattern in the document). */
export const emailAddressSchema = (message = "Enter a valid e-mail address, like name@example.com") =>
  z.email({ pattern: EMAIL_ADDRESS_PATTERN, message });

/**
 * An account's address as a person types it: surrounding spaces are dropped and it is
 * compared in lower case. The pattern is checked before trimming so the document's pattern,
 * which allows the spaces, says exactly what the server takes.
 */
export const typedEmailAddressSchema = z
  .string({ error: "E-mail is required" })
  .max(254, "E-mail address is too long")
  .regex(TYPED_EMAIL_ADDRESS_PATTERN, "Enter a valid e-mail address, like name@example.com")
  .trim()
  .toLowerCase()
  .describe("An e-mail address (spaces around it are ignored; compared in lower case)");
