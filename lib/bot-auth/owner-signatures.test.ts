import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { ownerSignatures } from "@/db/schema";
import { DELETE } from "@/app/api/admin/owner-signatures/[domain]/route";
import { GET, POST } from "@/app/api/admin/owner-signatures/route";
import { resetEnvCache } from "@/lib/env";
import { createTestSession, createTestUser, sessionCookieHeader, TEST_ORIGIN } from "@/testing/auth/fixtures";
import {
  clearOwnerSignatureCache,
  findOwnerSignature,
  OWNER_SIGNATURE_CACHE_BYTES,
  ownerSignatureCacheUse,
  registerOwnerSignature,
} from "./owner-signatures";
import { ownerSignatureEnvelopeSchema, ownerSignatureListSchema } from "./schemas";

const DAY = 24 * 3600;
const noParams = { params: Promise.resolve({}) };
const domainParams = (domain: string) => ({ params: Promise.resolve({ domain }) });

function req(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Values shaped as Shopify's admin gives them, valid from now for `days`. */
function values(domain: string, days: number, secret = "owner-secret-signature-bytes") {
  const now = Math.floor(Date.now() / 1000);

  return {
    domain,
    signature: `sig1=:${Buffer.from(secret).toString("base64")}:`,
    signature_input: `sig1=("@authority" "signature-agent");created=${now};expires=${now + days * DAY};keyid="owner-key-${secret}";tag="web-bot-auth"`,
    signature_agent: '"https://shopify.com"',
  };
}

let admin: Record<string, string>;
let adminId: string;
let someone: Record<string, string>;

beforeAll(async () => {
  adminId = (await createTestUser()).id;
  process.env.ADMIN_USER_IDS = adminId;
  resetEnvCache();
  admin = sessionCookieHeader(await createTestSession(adminId));
  someone = sessionCookieHeader(await createTestSession((await createTestUser()).id));
});

afterAll(() => {
  delete process.env.ADMIN_USER_IDS;
  resetEnvCache();
});

beforeEach(() => clearOwnerSignatureCache());

describe("the owner-signature admin endpoints", () => {
  it("register, list and remove with an admin session; the list never shows the values", async () => {
    const body = values("HTTPS://Owner-One.example/", 30, "listed-secret");
    const created = await POST(req("POST", "/api/admin/owner-signatures", admin, body), noParams);
    expect(created.status).toBe(201);
    const { owner_signature: view } = ownerSignatureEnvelopeSchema.parse(await created.json());
    expect(view).toMatchObject({ domain: "owner-one.example", expired: false, registered_by: adminId });
    expect(Date.parse(view.expires_at) - Date.now()).toBeGreaterThan(29 * DAY * 1000);

    const listed = await GET(req("GET", "/api/admin/owner-signatures", admin), noParams);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    const list = ownerSignatureListSchema.parse(JSON.parse(text));
    expect(list.data.map((row) => row.domain)).toContain("owner-one.example");
    for (const secret of [body.signature, "listed-secret", "owner-key", Buffer.from("listed-secret").toString("base64")]) {
      expect(text).not.toContain(secret);
    }

    const removed = await DELETE(req("DELETE", "/api/admin/owner-signatures/owner-one.example", admin), domainParams("owner-one.example"));
    expect(removed.status).toBe(200);
    expect(await findOwnerSignature("owner-one.example")).toBeNull();
    const again = await DELETE(req("DELETE", "/api/admin/owner-signatures/owner-one.example", admin), domainParams("owner-one.example"));
    expect(again.status).toBe(404);
  });

  it("refuse anyone who is not an administrator", async () => {
    const body = values("owner-refused.example", 30);
    expect((await POST(req("POST", "/api/admin/owner-signatures", someone, body), noParams)).status).toBe(403);
    expect((await GET(req("GET", "/api/admin/owner-signatures", someone), noParams)).status).toBe(403);
    expect((await DELETE(req("DELETE", "/", someone), domainParams("owner-refused.example"))).status).toBe(403);
    expect((await POST(req("POST", "/api/admin/owner-signatures", {}, body), noParams)).status).toBe(401);
    expect(await getDb().select().from(ownerSignatures).where(eq(ownerSignatures.domain, "owner-refused.example"))).toEqual([]);
  });

  it("refuse expired values, values valid for more than three months, and values that are not Web Bot Auth headers", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = {
      ...values("owner-bad.example", 30),
      signature_input: `sig1=("@authority");created=${now - 2 * DAY};expires=${now - DAY}`,
    };
    const tooLong = values("owner-bad.example", 120);
    const noExpires = { ...values("owner-bad.example", 30), signature_input: `sig1=("@authority");created=${now}` };
    const unmatched = { ...values("owner-bad.example", 30), signature: "sig2=:AAAA:" };
    const notSf = { ...values("owner-bad.example", 30), signature_input: "sig1=(((" };
    const huge = { ...values("owner-bad.example", 30), signature: `sig1=:${"A".repeat(5000)}:` };
    const badDomain = values("127.0.0.1", 30);
    for (const [body, path] of [
      [expired, "body.signature_input"],
      [tooLong, "body.signature_input"],
      [noExpires, "body.signature_input"],
      [unmatched, "body.signature"],
      [notSf, "body.signature_input"],
      [huge, "body.signature"],
      [badDomain, "body.domain"],
    ] as const) {
      const response = await POST(req("POST", "/api/admin/owner-signatures", admin, body), noParams);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await response.json();
      expect(error.issues[0].path).toBe(path);
    }
    expect(await getDb().select().from(ownerSignatures).where(eq(ownerSignatures.domain, "owner-bad.example"))).toEqual([]);
  });
});

describe("owner signatures at rest and in the crawler", () => {
  it("are stored sealed, not in clear", async () => {
    const body = values("owner-sealed.example", 10, "sealed-secret-value");
    await registerOwnerSignature(body, "cli");
    const [row] = await getDb().select().from(ownerSignatures).where(eq(ownerSignatures.domain, "owner-sealed.example"));
    const stored = JSON.stringify(row);
    expect(row!.sealedHeaders.startsWith("sealed:v1:")).toBe(true);
    for (const secret of [
      body.signature,
      body.signature_input,
      "sealed-secret-value",
      Buffer.from("sealed-secret-value").toString("base64"),
    ]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("findOwnerSignature answers only for that exact domain, and not after expiry", async () => {
    const body = values("owner-exact.example", 10);
    const view = await registerOwnerSignature(body, "cli");
    const found = await findOwnerSignature("owner-exact.example");
    expect(found).toEqual({
      headers: { Signature: body.signature, "Signature-Input": body.signature_input, "Signature-Agent": body.signature_agent },
      expiresAt: new Date(view.expires_at),
    });
    expect(await findOwnerSignature("OWNER-EXACT.example")).not.toBeNull();
    for (const other of ["www.owner-exact.example", "shop.owner-exact.example", "owner-exact.example.evil.test", "exact.example"]) {
      expect(await findOwnerSignature(other)).toBeNull();
    }
    expect(await findOwnerSignature("owner-exact.example", new Date(Date.parse(view.expires_at) + 1000))).toBeNull();
    expect(await findOwnerSignature("owner-exact.example", new Date(Date.parse(view.expires_at) - 1000))).not.toBeNull();
  });

  it("a registration expiring while cached is not returned, and a re-registration replaces the values", async () => {
    const first = await registerOwnerSignature(values("owner-replace.example", 10, "first-secret"), "cli");
    expect(await findOwnerSignature("owner-replace.example")).not.toBeNull();
    expect(await findOwnerSignature("owner-replace.example", new Date(Date.parse(first.expires_at)))).toBeNull();
    const second = values("owner-replace.example", 20, "second-secret");
    await registerOwnerSignature(second, "cli");
    expect((await findOwnerSignature("owner-replace.example"))?.headers.Signature).toBe(second.signature);
  });

  it("the lookups kept in memory stay within OWNER_SIGNATURE_CACHE_BYTES however many hosts are looked up, the least recently used leaving first", async () => {
    await registerOwnerSignature(values("owner-kept.example", 10), "cli");
    expect(await findOwnerSignature("owner-kept.example")).not.toBeNull();
    // Long names (the crawler looks up any host a store links to), so that a few thousand fill the budget.
    const long = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}`;
    const hosts = 2_000;
    for (let i = 0; i < hosts; i++) {
      expect(await findOwnerSignature(`${long}.host-${i}.example`)).toBeNull();
      // The registered store is in use all along: it stays while unused hosts leave.
      if (i % 100 === 0) expect(await findOwnerSignature("owner-kept.example")).not.toBeNull();
    }

    const use = ownerSignatureCacheUse();
    expect(use.bytes).toBeLessThanOrEqual(OWNER_SIGNATURE_CACHE_BYTES);
    expect(use.bytes).toBeGreaterThan(OWNER_SIGNATURE_CACHE_BYTES * 0.9);
    expect(use.hosts).toBeLessThan(hosts);
    // The registered store was looked up recently: still kept, answered without asking the database.
    await getDb().delete(ownerSignatures).where(eq(ownerSignatures.domain, "owner-kept.example"));
    expect(await findOwnerSignature("owner-kept.example")).not.toBeNull();
  });
});

describe("the crawler and owner signatures", () => {
  it("sends the owner's values, not ours, to that exact host only", async () => {
    const { signStoreRequest } = await import("./sign-store-request");
    const registered = values("sent-owner.example", 10, "sent-secret");
    await registerOwnerSignature(registered, adminId);

    const forOwner = await signStoreRequest(new URL("https://sent-owner.example/products.json?page=1"));
    expect(forOwner).toEqual({
      signature: registered.signature,
      "signature-input": registered.signature_input,
      "signature-agent": registered.signature_agent,
    });
    const forOther = await signStoreRequest(new URL("https://www.sent-owner.example/products.json"));
    expect(forOther.signature).not.toBe(registered.signature);
    expect(forOther["signature-input"]).toContain('tag="web-bot-auth"');
  });
});
