import { createPrivateKey, createPublicKey } from "node:crypto";
import { z } from "zod";
import type { Signer } from "web-bot-auth";
import { signerFromJWK } from "web-bot-auth/crypto";
import { getEnv, type Env } from "@/lib/env";
import { deriveSecretKey } from "@/lib/secrets/auth-secret";

/** A public key as the directory publishes it; `kid` is its RFC 7638 thumbprint. */
export type PublicBotJwk = { kty: "OKP"; crv: "Ed25519"; x: string; kid: string };

export type BotKey = {
  /** RFC 7638 JWK thumbprint (base64url SHA-256): the `keyid` of every signature by this key. */
  keyid: string;
  publicJwk: PublicBotJwk;
  signer: Signer;
};

/** `current` signs requests; `all` (current first) are published in the key directory. */
export type BotKeys = { current: BotKey; all: BotKey[] };

const privateJwkSchema = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string().min(1),
  d: z.string().min(1),
});

type PrivateJwk = z.infer<typeof privateJwkSchema>;

/** PKCS#8 prefix of an Ed25519 private key (RFC 8410); the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

const cache = new WeakMap<Env, Promise<BotKeys>>();

/**
 * The installation's Web Bot Auth keys: BOT_SIGNING_KEYS when set, otherwise one key derived from
 * the auth secret, so it is made once per installation and kept exactly as the secret is (the
 * embedded mode persists a generated secret; with DATABASE_URL every instance shares AUTH_SECRET,
 * hence the same key). Memoised per parsed settings.
 */
export function getBotKeys(env: Env = getEnv()): Promise<BotKeys> {
  let keys = cache.get(env);
  if (!keys) {
    keys = loadBotKeys(env);
    cache.set(env, keys);
    keys.catch(() => cache.delete(env));
  }

  return keys;
}

async function loadBotKeys(env: Env): Promise<BotKeys> {
  const jwks = env.BOT_SIGNING_KEYS ? parseConfiguredKeys(env.BOT_SIGNING_KEYS) : [derivedKey(env)];
  const all = await Promise.all(jwks.map(toBotKey));
  const keyids = new Set(all.map((key) => key.keyid));
  if (keyids.size !== all.length) throw new Error("BOT_SIGNING_KEYS lists the same key twice");

  return { current: all[0]!, all };
}

/** BOT_SIGNING_KEYS: one private Ed25519 JWK, or a non-empty JSON array of them. */
export function parseConfiguredKeys(raw: string): PrivateJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error("BOT_SIGNING_KEYS is not JSON: expected a private Ed25519 JWK or an array of them");
  }
  const result = z.union([privateJwkSchema, z.array(privateJwkSchema).min(1)]).safeParse(parsed);
  if (!result.success) {
    throw new Error("BOT_SIGNING_KEYS: expected private Ed25519 JWKs ({ kty: OKP, crv: Ed25519, x, d })");
  }
  const keys = Array.isArray(result.data) ? result.data : [result.data];
  for (const key of keys) {
    if (publicXOf(key) !== key.x) throw new Error(`BOT_SIGNING_KEYS: the key with x=${key.x} does not match its private part`);
  }

  return keys;
}

function publicXOf(jwk: PrivateJwk): string {
  const exported = createPublicKey(createPrivateKey({ key: jwk, format: "jwk" })).export({ format: "jwk" });

  return String(exported.x);
}

function derivedKey(env: Env): PrivateJwk {
  const seed = deriveSecretKey("web-bot-auth signing key", env);
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
  const jwk = key.export({ format: "jwk" });

  return privateJwkSchema.parse(jwk);
}

async function toBotKey(jwk: PrivateJwk): Promise<BotKey> {
  const signer = await signerFromJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d });

  return { keyid: signer.keyid, signer, publicJwk: { kty: "OKP", crv: "Ed25519", x: jwk.x, kid: signer.keyid } };
}
