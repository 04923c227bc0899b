import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks (standardwebhooks.com): a receiver verifies with the `standardwebhooks`
// library, or by recomputing one HMAC, so nothing here is ours to invent.

const SECRET_PREFIX = "whsec_";
/** 32 random bytes: the spec asks for 24 to 64. */
const SECRET_BYTES = 32;
/** Characters of the secret shown in the dashboard: enough to tell two apart, useless to sign. */
const VISIBLE_CHARS = SECRET_PREFIX.length + 6;

export type SignedHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

export const visibleSecretPrefix = (secret: string) => secret.slice(0, VISIBLE_CHARS);

/** The three headers of one attempt: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's bytes. */
export function signWebhook(secret: string, id: string, body: string, at: Date = new Date()): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");

  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
