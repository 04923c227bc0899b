// The key directory over HTTP, read and verified by the fake store's independent verifier.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/.well-known/http-message-signatures-directory/route";
import { resetEnvCache } from "@/lib/env";
import { fetchDirectory, rfc7638Thumbprint } from "@/testing/fake-store";
import { startRouteHost, type RouteHost } from "@/testing/route-host";

const saved = { ...process.env };
let host: RouteHost;

const newJwk = () => generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }) as { x: string };

beforeAll(async () => {
  host = await startRouteHost({ routes: [{ method: "GET", path: /^\/\.well-known\/http-message-signatures-directory$/, handler: GET }] });
});
afterAll(async () => {
  await host?.close();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const directoryUrl = () => `${host.origin}/.well-known/http-message-signatures-directory`;

describe("GET /.well-known/http-message-signatures-directory", () => {
  it("answers the signed JWK Set with its media type, cacheable", async () => {
    process.env.BASE_URL = host.origin;
    delete process.env.BOT_SIGNING_KEYS;
    resetEnvCache();
    const response = await fetch(directoryUrl());

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/http-message-signatures-directory+json");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(response.headers.get("signature-input")).toContain('tag="http-message-signatures-directory"');
    expect(response.headers.get("signature-input")).toContain('("@authority";req)');
    const body = (await response.json()) as { keys: Array<Record<string, unknown>> };
    expect(body.keys).toHaveLength(1);
    expect(Object.keys(body.keys[0]!).sort()).toEqual(["crv", "kid", "kty", "x"]); // no private part

    const directory = await fetchDirectory(host.origin);
    expect([...directory.keys.keys()]).toEqual([rfc7638Thumbprint(body.keys[0]!.x as string)]);
  });

  it("keeps publishing a rotated-out key, each key signing the directory", async () => {
    const [next, previous] = [newJwk(), newJwk()];
    process.env.BASE_URL = host.origin;
    process.env.BOT_SIGNING_KEYS = JSON.stringify([next, previous]);
    resetEnvCache();

    const directory = await fetchDirectory(host.origin);
    expect([...directory.keys.keys()].sort()).toEqual([rfc7638Thumbprint(next.x), rfc7638Thumbprint(previous.x)].sort());
    const response = await fetch(directoryUrl());
    expect(response.headers.get("signature-input")?.match(/tag="http-message-signatures-directory"/g)).toHaveLength(2);
  });

  it("is not accepted when signed for another authority", async () => {
    process.env.BASE_URL = "https://elsewhere.example";
    resetEnvCache();

    await expect(fetchDirectory(host.origin)).rejects.toThrow();
  });
});
