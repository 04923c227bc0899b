// The Web Bot Auth headers of a store request, checked with code independent of the signer:
// node:crypto for the thumbprint and Ed25519, http-message-signatures for RFC 9421.
import { createHash, createPublicKey, generateKeyPairSync, verify as cryptoVerify } from "node:crypto";
import { httpbis } from "http-message-signatures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, resetEnvCache } from "@/lib/env";
import { REQUEST_SIGNATURE_LIFETIME_MS, signStoreRequest } from "./sign-store-request";
import { scraperUserAgent } from "./user-agent";
import packageJson from "@/package.json";

const saved = { ...process.env };

function newJwk() {
  const { privateKey } = generateKeyPairSync("ed25519");

  return privateKey.export({ format: "jwk" }) as { kty: string; crv: string; x: string; d: string };
}

/** RFC 7638: SHA-256 over the required members in lexicographic order, no whitespace. */
const thumbprint = (x: string) => createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest("base64url");

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

beforeEach(() => setEnv({ BASE_URL: "https://storelens.example", BOT_SIGNING_KEYS: undefined, SCRAPER_USER_AGENT: undefined }));
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function parseInput(input: string) {
  const match = /^sig1=\(([^)]*)\)(.*)$/.exec(input);
  expect(match, input).not.toBeNull();
  const params = Object.fromEntries(
    [...match![2]!.matchAll(/;([a-z]+)=("(?:[^"]*)"|\d+)/g)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, "")]),
  );

  return { components: match![1]!.split(" "), params };
}

describe("signStoreRequest", () => {
  it("signs @authority and signature-agent with tag web-bot-auth, keyid = RFC 7638 thumbprint, a short window", async () => {
    const jwk = newJwk();
    setEnv({ BOT_SIGNING_KEYS: JSON.stringify(jwk) });
    const url = new URL("https://Shop.Example.com/products.json?limit=250&page=2");
    const before = Math.floor(Date.now() / 1000);
    const headers = await signStoreRequest(url);

    expect(Object.keys(headers).sort()).toEqual(["signature", "signature-agent", "signature-input"]);
    expect(headers["signature-agent"]).toBe('"https://storelens.example"');
    expect(headers.signature).toMatch(/^sig1=:[A-Za-z0-9+/]+={0,2}:$/);
    const { components, params } = parseInput(headers["signature-input"]!);
    expect(components).toEqual(['"@authority"', '"signature-agent"']);
    expect(params.tag).toBe("web-bot-auth");
    expect(params.alg).toBe("ed25519");
    expect(params.keyid).toBe(thumbprint(jwk.x));
    const created = Number(params.created);
    const expires = Number(params.expires);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(expires - created).toBeGreaterThan(0);
    expect(expires - created).toBeLessThanOrEqual(REQUEST_SIGNATURE_LIFETIME_MS / 1000);
    expect(Buffer.from(params.nonce!, "base64").length).toBeGreaterThanOrEqual(32);

    // An independent RFC 9421 verifier accepts it for this authority, and only for it.
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    const config = {
      keyLookup: async () => ({ verify: async (data: Buffer, signature: Buffer) => cryptoVerify(null, data, publicKey, signature) }),
      requiredFields: ["@authority", "signature-agent"],
    };
    const message = (host: string) => ({ method: "GET", url: `https://${host}/products.json`, headers });
    expect(await httpbis.verifyMessage(config, message("shop.example.com"))).toBe(true);
    expect(await httpbis.verifyMessage(config, message("other.example.com"))).toBe(false);
  });

  it("uses a fresh nonce for every request", async () => {
    const url = new URL("https://shop.example.com/meta.json");
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) nonces.add(parseInput((await signStoreRequest(url))["signature-input"]!).params.nonce!);

    expect(nonces.size).toBe(5);
  });

  it("signs with the first configured key and with a stable derived key when none is configured", async () => {
    const [first, second] = [newJwk(), newJwk()];
    setEnv({ BOT_SIGNING_KEYS: JSON.stringify([first, second]) });
    const url = new URL("https://shop.example.com/");
    expect(parseInput((await signStoreRequest(url))["signature-input"]!).params.keyid).toBe(thumbprint(first.x));

    setEnv({ BOT_SIGNING_KEYS: undefined, AUTH_SECRET: "a-secret-of-this-installation" });
    const derived = parseInput((await signStoreRequest(url))["signature-input"]!).params.keyid;
    resetEnvCache();
    expect(parseInput((await signStoreRequest(url))["signature-input"]!).params.keyid).toBe(derived);
    setEnv({ AUTH_SECRET: "another-installation-secret" });
    expect(parseInput((await signStoreRequest(url))["signature-input"]!).params.keyid).not.toBe(derived);
  });

  it("refuses a configured key whose public part does not match", async () => {
    setEnv({ BOT_SIGNING_KEYS: JSON.stringify({ ...newJwk(), x: newJwk().x }) });

    await expect(signStoreRequest(new URL("https://shop.example.com/"))).rejects.toThrow(/does not match/);
  });
});

describe("BOT_SIGNING_KEYS", () => {
  it("is checked at start-up: a private Ed25519 JWK or a non-empty array of them", () => {
    expect(parseEnv({ BOT_SIGNING_KEYS: JSON.stringify([newJwk(), newJwk()]) }).BOT_SIGNING_KEYS).toBeDefined();
    for (const bad of ["not json", "[]", JSON.stringify({ kty: "OKP", crv: "Ed25519", x: "abc" }), JSON.stringify({ kty: "RSA" })]) {
      expect(() => parseEnv({ BOT_SIGNING_KEYS: bad })).toThrow(/BOT_SIGNING_KEYS/);
    }
  });
});

describe("scraperUserAgent", () => {
  it("defaults to StoreLensBot/<version> (+<BASE_URL>/bot), and the setting wins", () => {
    setEnv({ BASE_URL: "https://storelens.example/" });
    expect(scraperUserAgent()).toBe(`StoreLensBot/${packageJson.version} (+https://storelens.example/bot)`);
    setEnv({ SCRAPER_USER_AGENT: "CustomBot/1.0" });
    expect(scraperUserAgent()).toBe("CustomBot/1.0");
  });
});
