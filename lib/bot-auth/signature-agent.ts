import { getEnv, type Env } from "@/lib/env";

/**
 * The `Signature-Agent` value: this installation's origin as a structured-field string
 * (RFC 8941), e.g. `"https://storelens.example"`. A verifier fetches the key directory at
 * `<origin>/.well-known/http-message-signatures-directory`.
 */
export function signatureAgent(env: Env = getEnv()): string {
  // An origin holds no `"` or `\`, so JSON's quoting is the sf-string's.
  return JSON.stringify(new URL(env.BASE_URL).origin);
}
