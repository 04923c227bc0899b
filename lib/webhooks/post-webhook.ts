import { getEnv } from "@/lib/env";
import { safeFetch } from "@/lib/net";
import { signatureHeadersFor } from "./signed-headers";

const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers answer with a status; their body is never needed. */
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

export type PostOutcome = { delivered: boolean; responseStatus?: number; error?: string };

/**
 * One POST of a webhook: JSON, signed for its owner when the owner has a secret, no redirects
 * followed, through the SSRF guard. Any 2xx is delivered; anything else, a network error
 * included, is not (the error says which).
 */
export async function postWebhook(message: { url: string; id: string; body: string; ownerId: string | null }): Promise<PostOutcome> {
  const result = await safeFetch(message.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await signatureHeadersFor(message.ownerId, message.id, message.body)) },
    body: message.body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
    maxRedirects: 0,
    allowPrivateNetwork: getEnv().ALLOW_PRIVATE_NETWORK,
  });
  if (!result.ok) return { delivered: false, error: `${result.error.kind}: ${result.error.message}` };
  const { status } = result.response;
  const delivered = status >= 200 && status < 300;

  return { delivered, responseStatus: status, error: delivered ? undefined : `Receiver answered HTTP ${status}` };
}
