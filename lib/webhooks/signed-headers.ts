import { webhookSigningSecret } from "./settings";
import { signWebhook, type SignedHeaders } from "./sign";

/**
 * The signature headers of one attempt sent on behalf of `userId`: none for a job without an
 * owner (x402) or an account that has not created a secret yet — those webhooks go unsigned,
 * exactly as the contract's job.completed always went.
 */
export async function signatureHeadersFor(userId: string | null, id: string, body: string): Promise<SignedHeaders | Record<string, never>> {
  const secret = userId ? await webhookSigningSecret(userId) : null;

  return secret ? signWebhook(secret, id, body) : {};
}
