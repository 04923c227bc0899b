import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveSecretKey } from "@/lib/secrets/auth-secret";

/**
 * mail_outbox bodies carry live secrets (password-reset and verification links), so they
 * are kept encrypted (AES-256-GCM, key derived from AUTH_SECRET): a database dump or a
 * read-only SQL hole does not hand out account takeovers. Only listOutbox opens them.
 */
const PREFIX = "sealed:v1:";
const KEY_PURPOSE = "mail_outbox body v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a body reads as when it cannot be opened (AUTH_SECRET changed since it was sealed). */
export const UNREADABLE_BODY = "[unreadable: sealed with another AUTH_SECRET]";

export function sealBody(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveSecretKey(KEY_PURPOSE), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);

  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

export function openBody(stored: string): string {
  // Rows written before bodies were sealed read as they are.
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveSecretKey(KEY_PURPOSE), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));

    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return UNREADABLE_BODY;
  }
}
