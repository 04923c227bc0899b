import { SIGNATURE_AGENT_HEADER, signatureHeaders } from "web-bot-auth";
import { getEnv } from "@/lib/env";
import { getBotKeys } from "./bot-keys";
import { findOwnerSignature } from "./owner-signatures";
import { signatureAgent } from "./signature-agent";

/** How long a store request's signature stays valid after it was made (at send time). */
export const REQUEST_SIGNATURE_LIFETIME_MS = 60_000;

/**
 * Web Bot Auth headers for one GET to a store (draft-meunier-web-bot-auth-architecture): an
 * HTTP Message Signature (RFC 9421) over `@authority` and `signature-agent`, `tag="web-bot-auth"`,
 * `keyid` = the key's JWK thumbprint, a short `created`..`expires` window and a fresh `nonce`.
 * Call it when the request is sent, so a request delayed by pacing is not signed stale.
 */
export async function signStoreRequest(url: URL): Promise<Record<string, string>> {
  // A store's owner registered their own signature values for this exact host: those, not ours.
  const owner = await findOwnerSignature(url.hostname);
  if (owner) return Object.fromEntries(Object.entries(owner.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const env = getEnv();
  const { current } = await getBotKeys(env);
  const agent = signatureAgent(env);
  const created = new Date();
  const expires = new Date(created.getTime() + REQUEST_SIGNATURE_LIFETIME_MS);
  const headers = await signatureHeaders({ method: "GET", url: url.href, headers: { [SIGNATURE_AGENT_HEADER]: agent } }, current.signer, {
    created,
    expires,
  });

  return { signature: headers.Signature, "signature-input": headers["Signature-Input"], [SIGNATURE_AGENT_HEADER]: agent };
}
