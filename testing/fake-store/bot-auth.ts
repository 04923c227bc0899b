// Web Bot Auth as Shopify enforces it since 2026-05-30: a request signed (RFC 9421,
// tag="web-bot-auth") by a key listed in the directory its Signature-Agent names is served
// freely; anything else gets the strictest limit, one request a second, and 429 (unsigned) or
// 430 (a signature that does not verify) past it. Verified with dhensby's http-message-signatures
// and node:crypto, deliberately not with the web-bot-auth package StoreLens signs with.

import { createHash, createPublicKey, verify as cryptoVerify, type KeyObject } from "node:crypto";
import { httpbis, type Request as SignedRequest, type VerifyingKey } from "http-message-signatures";

export const DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";
export const DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json";
/** Unverified requests allowed per store and second. */
const UNVERIFIED_INTERVAL_MS = 1000;
/** Longest `created`..now a request signature may span, in seconds. */
const MAX_SIGNATURE_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 2;

export interface BotAuthOptions {
  /** Directory origins (Signature-Agent values, unquoted) the store trusts; default: any. */
  trustedAgents?: string[];
}

export type BotAuthVerdict = { verified: true; keyid: string } | { verified: false; signed: boolean; reason: string };

export interface BotAuthStats {
  verified: number;
  unverified: number;
  /** Unverified requests answered 429/430. */
  throttled: number;
  /** Why requests were not verified (most recent 100). */
  reasons: string[];
  /** Directory fetches, by origin. */
  directoryFetches: Record<string, number>;
}

type Directory = { keys: Map<string, KeyObject> };

export class BotAuthGate {
  private readonly directories = new Map<string, Promise<Directory>>();
  private readonly lastUnverified = new Map<string, number>();
  private state: BotAuthStats = emptyStats();

  constructor(private readonly options: BotAuthOptions = {}) {}

  stats(): BotAuthStats {
    return { ...this.state, reasons: [...this.state.reasons], directoryFetches: { ...this.state.directoryFetches } };
  }

  resetStats(): void {
    this.state = emptyStats();
    this.lastUnverified.clear();
  }

  /**
   * Verdict on one storefront request, and whether it is served: verified requests always, the
   * others at most one a second per store (`null` = serve; otherwise the status to answer).
   */
  async admit(store: string, request: SignedRequest): Promise<{ verdict: BotAuthVerdict; throttleStatus: 429 | 430 | null }> {
    const verdict = await this.verify(request);
    if (verdict.verified) {
      this.state.verified += 1;

      return { verdict, throttleStatus: null };
    }
    this.state.unverified += 1;
    this.state.reasons = [...this.state.reasons, verdict.reason].slice(-100);
    const now = Date.now();
    const last = this.lastUnverified.get(store) ?? -Infinity;
    if (now - last >= UNVERIFIED_INTERVAL_MS) {
      this.lastUnverified.set(store, now);

      return { verdict, throttleStatus: null };
    }
    this.state.throttled += 1;

    return { verdict, throttleStatus: verdict.signed ? 430 : 429 };
  }

  async verify(request: SignedRequest): Promise<BotAuthVerdict> {
    const header = (name: string) => {
      const value = request.headers[name];

      return Array.isArray(value) ? value.join(", ") : value;
    };
    if (!header("signature") || !header("signature-input")) return { verified: false, signed: false, reason: "unsigned" };
    const agent = parseSfString(header("signature-agent") ?? "");
    if (!agent) return { verified: false, signed: true, reason: "no Signature-Agent string" };
    if (this.options.trustedAgents && !this.options.trustedAgents.includes(agent)) {
      return { verified: false, signed: true, reason: `untrusted Signature-Agent ${agent}` };
    }
    let directory: Directory;
    try {
      directory = await this.directory(agent);
    } catch (error) {
      return { verified: false, signed: true, reason: `directory of ${agent}: ${message(error)}` };
    }
    let keyid = "";
    try {
      const ok = await httpbis.verifyMessage(
        {
          keyLookup: async (params) => {
            if (params.tag !== "web-bot-auth" || typeof params.keyid !== "string") return null;
            const key = directory.keys.get(params.keyid);
            if (!key) return null;
            keyid = params.keyid;

            return ed25519Verifier(key);
          },
          requiredParams: ["created", "expires", "keyid", "nonce", "tag"],
          requiredFields: ["@authority", "signature-agent"],
          maxAge: MAX_SIGNATURE_AGE_SECONDS,
          tolerance: CLOCK_TOLERANCE_SECONDS,
        },
        request,
      );
      if (ok !== true) return { verified: false, signed: true, reason: "no web-bot-auth signature by a directory key" };
    } catch (error) {
      return { verified: false, signed: true, reason: `signature: ${message(error)}` };
    }

    return { verified: true, keyid };
  }

  /** The agent's key directory, fetched over HTTP once (a failed fetch is retried next time). */
  private directory(agent: string): Promise<Directory> {
    let found = this.directories.get(agent);
    if (!found) {
      found = fetchDirectory(agent);
      this.state.directoryFetches[agent] = (this.state.directoryFetches[agent] ?? 0) + 1;
      this.directories.set(agent, found);
      found.catch(() => this.directories.delete(agent));
    }

    return found;
  }
}

/**
 * GET <agent>/.well-known/http-message-signatures-directory: a JWK Set of Ed25519 keys with the
 * directory media type, signed (tag="http-message-signatures-directory", `@authority;req`) by
 * every key it lists.
 */
export async function fetchDirectory(agent: string): Promise<Directory> {
  const url = new URL(DIRECTORY_PATH, agent);
  const response = await fetch(url, { headers: { accept: DIRECTORY_MEDIA_TYPE } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType.split(";")[0]!.trim() !== DIRECTORY_MEDIA_TYPE) throw new Error(`content-type ${contentType}`);
  const body = (await response.json()) as { keys?: unknown };
  if (!Array.isArray(body.keys)) throw new Error("no keys");
  const keys = new Map<string, KeyObject>();
  for (const jwk of body.keys as Array<Record<string, unknown>>) {
    if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.x !== "string") continue;
    keys.set(rfc7638Thumbprint(jwk.x), createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" }));
  }
  if (keys.size === 0) throw new Error("no Ed25519 keys");
  await verifyDirectorySignature(url, response, keys);

  return { keys };
}

/** Every key of the directory must have signed it (proof of possession), with the directory tag. */
async function verifyDirectorySignature(url: URL, response: Response, keys: Map<string, KeyObject>): Promise<void> {
  const signedBy = new Set<string>();
  const headers = Object.fromEntries(response.headers.entries());
  const ok = await httpbis.verifyMessage(
    {
      all: true,
      keyLookup: async (params) => {
        if (params.tag !== "http-message-signatures-directory" || typeof params.keyid !== "string") return null;
        const key = keys.get(params.keyid);
        if (!key) return null;
        signedBy.add(params.keyid);

        return ed25519Verifier(key);
      },
      requiredParams: ["created", "expires", "keyid", "tag"],
      tolerance: CLOCK_TOLERANCE_SECONDS,
    },
    { status: response.status, headers },
    { method: "GET", url: url.href, headers: {} },
  );
  if (ok !== true) throw new Error("directory signature does not verify");
  for (const keyid of keys.keys()) if (!signedBy.has(keyid)) throw new Error(`directory not signed by ${keyid}`);
}

function ed25519Verifier(key: KeyObject): VerifyingKey {
  return { algs: ["ed25519"], verify: async (data, signature) => cryptoVerify(null, data, key, signature) };
}

/** RFC 7638 thumbprint of an OKP key: SHA-256 over {"crv","kty","x"} in that order, base64url. */
export function rfc7638Thumbprint(x: string): string {
  return createHash("sha256")
    .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
    .digest("base64url");
}

/** An sf-string (RFC 8941 §3.3.3) → its value; null when the header is not one. */
function parseSfString(value: string): string | null {
  const match = /^\s*"((?:[^"\\]|\\["\\])*)"\s*$/.exec(value);

  return match ? match[1]!.replace(/\\(["\\])/g, "$1") : null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function emptyStats(): BotAuthStats {
  return { verified: 0, unverified: 0, throttled: 0, reasons: [], directoryFetches: {} };
}
