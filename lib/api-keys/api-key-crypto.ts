import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes = 256 bits, as base64url (43 characters). */
const KEY_BYTES = 32;
/** Characters of the random part shown in lists, enough to tell keys apart, useless to an attacker. */
const VISIBLE_RANDOM_CHARS = 6;

export function generateRawApiKey(prefix: string): string {
  return `${prefix}_${randomBytes(KEY_BYTES).toString("base64url")}`;
}

export function hashApiKey(rawKey: string): string {
  return createHash("sha256").update(rawKey, "utf8").digest("hex");
}

export function visibleKeyPrefix(rawKey: string, prefix: string): string {
  return rawKey.slice(0, prefix.length + 1 + VISIBLE_RANDOM_CHARS);
}

/** Shape check before any database work: `<prefix>_<43 base64url chars>`. */
export function isWellFormedApiKey(rawKey: string, prefix: string): boolean {
  return new RegExp(`^${prefix}_[A-Za-z0-9_-]{43}$`).test(rawKey);
}
