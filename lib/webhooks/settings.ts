import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookSettings } from "@/db/schema";
import { openText, sealText } from "@/lib/secrets/seal";
import { rotatedWebhookSecretSchema, type RotatedWebhookSecret, type WebhookSettingsView } from "./schemas";
import { generateWebhookSecret, visibleSecretPrefix } from "./sign";

const SEAL_PURPOSE = "webhook-signing-secret";

const settingsOf = async (userId: string) => (await getDb().select().from(webhookSettings).where(eq(webhookSettings.userId, userId)))[0];

export async function getWebhookSettings(userId: string): Promise<WebhookSettingsView> {
  const row = await settingsOf(userId);

  return {
    url: row?.url ?? null,
    secret: row?.secretPrefix && row.secretCreatedAt ? { prefix: row.secretPrefix, created_at: row.secretCreatedAt.toISOString() } : null,
  };
}

export async function setWebhookUrl(userId: string, url: string | null): Promise<WebhookSettingsView> {
  await getDb()
    .insert(webhookSettings)
    .values({ userId, url })
    .onConflictDoUpdate({ target: webhookSettings.userId, set: { url, updatedAt: new Date() } });

  return getWebhookSettings(userId);
}

/**
 * A new signing secret for the account, replacing the old one at once (the next webhook is
 * signed with it). Kept sealed, because signing needs it back; the caller shows it now or never.
 */
export async function rotateWebhookSecret(userId: string): Promise<RotatedWebhookSecret> {
  const secret = generateWebhookSecret();
  const values = { sealedSecret: sealText(SEAL_PURPOSE, secret), secretPrefix: visibleSecretPrefix(secret), secretCreatedAt: new Date() };
  await getDb()
    .insert(webhookSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: webhookSettings.userId, set: { ...values, updatedAt: values.secretCreatedAt } });

  return rotatedWebhookSecretSchema.parse({ secret, prefix: values.secretPrefix, created_at: values.secretCreatedAt.toISOString() });
}

/** The account's signing secret, or null when it has none (or it was sealed under another AUTH_SECRET). */
export async function webhookSigningSecret(userId: string): Promise<string | null> {
  const row = await settingsOf(userId);

  return row?.sealedSecret ? openText(SEAL_PURPOSE, row.sealedSecret) : null;
}

/** Where the account's alert and test webhooks go; null when it named no URL. */
export async function webhookReceiver(userId: string): Promise<{ url: string } | null> {
  const row = await settingsOf(userId);

  return row?.url ? { url: row.url } : null;
}
