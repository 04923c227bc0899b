import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, MediaType, directoryResponseHeaders } from "web-bot-auth";
import { getEnv } from "@/lib/env";
import { getBotKeys, type PublicBotJwk } from "./bot-keys";

export const KEY_DIRECTORY_PATH = HTTP_MESSAGE_SIGNATURES_DIRECTORY;
export const KEY_DIRECTORY_MEDIA_TYPE = MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY;
/** How long verifiers may cache the directory; its own signature outlives a cached copy. */
export const KEY_DIRECTORY_MAX_AGE_SECONDS = 3600;
const DIRECTORY_SIGNATURE_LIFETIME_MS = 2 * KEY_DIRECTORY_MAX_AGE_SECONDS * 1000;

/**
 * GET /.well-known/http-message-signatures-directory (draft-meunier-http-message-signatures-directory):
 * every published key as a JWK Set, signed by each of them (`tag="http-message-signatures-directory"`,
 * covering the request's `@authority`, which is this installation's BASE_URL host).
 */
export async function keyDirectoryResponse(): Promise<Response> {
  const env = getEnv();
  const { all } = await getBotKeys(env);
  const body = JSON.stringify({ keys: all.map((key): PublicBotJwk => key.publicJwk) });
  const url = new URL(KEY_DIRECTORY_PATH, new URL(env.BASE_URL).origin);
  const created = new Date();
  const signed = await directoryResponseHeaders(
    { request: { method: "GET", url: url.href, headers: {} }, response: { status: 200, headers: {} } },
    all.map((key) => key.signer),
    { created, expires: new Date(created.getTime() + DIRECTORY_SIGNATURE_LIFETIME_MS) },
  );

  return new Response(body, {
    headers: {
      "content-type": KEY_DIRECTORY_MEDIA_TYPE,
      "cache-control": `public, max-age=${KEY_DIRECTORY_MAX_AGE_SECONDS}`,
      signature: signed.Signature,
      "signature-input": signed["Signature-Input"],
    },
  });
}
