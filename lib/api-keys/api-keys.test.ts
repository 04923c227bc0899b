import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { DELETE } from "@/app/api/api-keys/[id]/route";
import { GET, POST } from "@/app/api/api-keys/route";
import { GET as health } from "@/app/api/health/route";
import { hashApiKey } from "@/lib/api-keys/api-key-crypto";
import { apiKeyHeader, createTestSession, createTestUser, sessionCookieHeader, TEST_ORIGIN } from "@/testing/auth/fixtures";
import { apiKeyListSchema, createdApiKeySchema, revokedApiKeySchema } from "./schemas";

const noParams = { params: Promise.resolve({}) };
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });

function req(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  alice = sessionCookieHeader(await createTestSession((await createTestUser()).id));
  bob = sessionCookieHeader(await createTestSession((await createTestUser()).id));
});

async function createKey(session: Record<string, string>, name = "CI") {
  const response = await POST(req("POST", "/api/api-keys", session, { name }), noParams);
  expect(response.status).toBe(201);

  return createdApiKeySchema.parse(await response.json());
}

describe("POST /api/api-keys", () => {
  it("201 with the raw key once: prefix_ + 43 base64url chars (256 bits), stored only as SHA-256", async () => {
    const created = await createKey(alice, "  deploy bot  ");

    expect(created.key).toMatch(/^sl_[A-Za-z0-9_-]{43}$/);
    expect(created.api_key).toMatchObject({ name: "deploy bot", last_used_at: null });
    expect(created.key.startsWith(created.api_key.prefix)).toBe(true);
    expect(created.api_key.prefix).toHaveLength("sl_".length + 6);
    expect(Object.keys(created.api_key).sort()).toEqual(["created_at", "id", "last_used_at", "name", "prefix"]);

    const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, created.api_key.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it("400 invalid_request naming the field for a missing, empty or too long name", async () => {
    for (const body of [{}, { name: "   " }, { name: "x".repeat(101) }, { name: 42 }]) {
      const response = await POST(req("POST", "/api/api-keys", alice, body), noParams);
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error).toMatchObject({ code: "invalid_request" });
      expect(error.issues[0].path).toBe("body.name");
    }
  });

  it("400 for a body that is not JSON", async () => {
    const response = await POST(
      new Request(`${TEST_ORIGIN}/api/api-keys`, {
        method: "POST",
        headers: { ...alice, "content-type": "application/json" },
        body: "{nope",
      }),
      noParams,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_request" });
  });
});

describe("GET /api/api-keys", () => {
  it("lists only the caller's active keys, with prefix and dates, never a hash or raw key", async () => {
    const mine = await createKey(alice, "listed");
    const theirs = await createKey(bob, "bob's");

    const response = await GET(req("GET", "/api/api-keys", alice), noParams);
    expect(response.status).toBe(200);
    const text = await response.text();
    const list = apiKeyListSchema.parse(JSON.parse(text));
    expect(list.data.map((k) => k.id)).toContain(mine.api_key.id);
    expect(list.data.map((k) => k.id)).not.toContain(theirs.api_key.id);
    expect(text).not.toContain(mine.key);
    expect(text).not.toContain(hashApiKey(mine.key));
    expect(text).not.toMatch(/hash/i);
  });
});

describe("DELETE /api/api-keys/:id", () => {
  it("revokes: the very next request with the key gets 401, and the key leaves the list", async () => {
    const { api_key, key } = await createKey(alice, "short-lived");
    const before = await health(req("GET", "/api/health", apiKeyHeader(key)), noParams);
    expect(before.status).toBe(200);

    const response = await DELETE(req("DELETE", `/api/api-keys/${api_key.id}`, alice), idParams(api_key.id));
    expect(response.status).toBe(200);
    const revoked = revokedApiKeySchema.parse(await response.json());
    expect(revoked.api_key.id).toBe(api_key.id);

    const after = await health(req("GET", "/api/health", apiKeyHeader(key)), noParams);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Invalid or revoked API key", code: "unauthorized" });

    const list = apiKeyListSchema.parse(await (await GET(req("GET", "/api/api-keys", alice), noParams)).json());
    expect(list.data.map((k) => k.id)).not.toContain(api_key.id);
  });

  it("404 for another user's key (which keeps working), an unknown id, and a second revoke", async () => {
    const { api_key, key } = await createKey(alice, "alice only");

    const byBob = await DELETE(req("DELETE", `/api/api-keys/${api_key.id}`, bob), idParams(api_key.id));
    expect(byBob.status).toBe(404);
    expect(await byBob.json()).toEqual({ error: "API key not found", code: "not_found" });
    expect((await health(req("GET", "/api/health", apiKeyHeader(key)), noParams)).status).toBe(200);

    const unknown = await DELETE(req("DELETE", "/api/api-keys/nope", alice), idParams("nope"));
    expect(unknown.status).toBe(404);

    expect((await DELETE(req("DELETE", `/api/api-keys/${api_key.id}`, alice), idParams(api_key.id))).status).toBe(200);
    expect((await DELETE(req("DELETE", `/api/api-keys/${api_key.id}`, alice), idParams(api_key.id))).status).toBe(404);
  });

  it("a key cannot manage keys: 403 even for its own owner", async () => {
    const { api_key, key } = await createKey(alice, "self");
    const response = await DELETE(req("DELETE", `/api/api-keys/${api_key.id}`, apiKeyHeader(key)), idParams(api_key.id));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
  });
});

describe("last_used_at", () => {
  it("is stamped when the key is used", async () => {
    const { api_key, key } = await createKey(alice, "stamped");
    await health(req("GET", "/api/health", apiKeyHeader(key)), noParams);
    await expect
      .poll(async () => {
        const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, api_key.id));

        return row!.lastUsedAt;
      })
      .not.toBeNull();
  });
});
