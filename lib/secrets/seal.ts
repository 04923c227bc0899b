import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveSecretKey } from "./auth-secret";

/**
 * Credentials kept at rest (AES-256-GCM, a key for each purpose derived from AUTH_SECRET):
 * a database dump or a read-only SQL hole does not hand them out. The same format as the
 * mail outbox's sealed bodies (lib/mail/sealed-body.ts).
 */
const PREFIX = "sealed:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealText(purpose: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveSecretKey(purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);

  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The plain text, or null when it cannot be opened (not sealed, or sealed with another AUTH_SECRET). */
export function openText(purpose: string, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveSecretKey(purpose), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));

    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
