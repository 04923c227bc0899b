// Text PostgreSQL cannot store is refused by the route wrapper with the validation error body
// before any handler or query runs: NUL and percent-escapes that are not UTF-8 in path
// parameters and query strings, NUL and lone surrogates in a JSON body at any depth (field
// names too), and body bytes that are not UTF-8. A refused request writes nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { GET as getApp } from "@/app/api/apps/[name]/route";
import { GET as listApps } from "@/app/api/apps/route";
import { POST as createKey } from "@/app/api/api-keys/route";
import { createTestSession, createTestUser, sessionCookieHeader, TEST_ORIGIN } from "@/testing/auth/fixtures";

const none = { params: Promise.resolve({}) };
let userId: string;
let cookie: Record<string, string>;

beforeAll(async () => {
  userId = (await createTestUser()).id;
  cookie = sessionCookieHeader(await createTestSession(userId));
});

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as { code: string; issues: { path: string }[] } };
}

function postKey(body: string | Uint8Array<ArrayBuffer>) {
  return createKey(
    new Request(`${TEST_ORIGIN}/api/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...cookie },
      body,
    }),
    none,
  );
}

const keyCount = () => getDb().$count(apiKeys, eq(apiKeys.userId, userId));

describe("path parameters and query strings", () => {
  it("answers GET /api/apps/%00 with 400 and the error body, whether the parameter arrives encoded or decoded", async () => {
    for (const name of ["%00", "\u0000", "app%00", "%C3%28", "%FF", "%ED%A0%80", "\uD800"]) {
      const response = await getApp(new Request(`${TEST_ORIGIN}/api/apps/x`), { params: Promise.resolve({ name }) });
      expect(await refusal(response), JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { code: "invalid_request", issues: [{ path: "params.name" }] },
      });
    }
  });

  it("refuses a query string whose escapes decode to NUL or are not UTF-8, in a value or a name", async () => {
    for (const search of ["q=%00", "q=%C3%28", "q=%FF", "q=caf%C3", "%00=1", "q=ok&category=%C0%80"]) {
      const response = await listApps(new Request(`${TEST_ORIGIN}/api/apps?${search}`), none);
      expect((await refusal(response)).status, search).toBe(400);
    }
    expect(await refusal(await listApps(new Request(`${TEST_ORIGIN}/api/apps?q=%FF`), none))).toMatchObject({
      body: { issues: [{ path: "query.q" }] },
    });
  });

  it("still answers escapes that are UTF-8, and a lone % as the literal it is", async () => {
    for (const search of ["q=caf%C3%A9", "q=100%", "q=%25", "q=%F0%9F%9A%80"]) {
      expect((await listApps(new Request(`${TEST_ORIGIN}/api/apps?${search}`), none)).status, search).toBe(200);
    }
  });
});

describe("JSON bodies", () => {
  it("refuses a lone surrogate or a NUL in a body string, at any depth and in field names, and creates nothing", async () => {
    let deep: unknown = "\u0000";
    for (let level = 0; level < 40; level += 1) deep = [deep];
    for (const body of [
      { name: "\uD800" },
      { name: "key \uDC00 two" },
      { name: "a\u0000b" },
      { name: "fine", extra: deep },
      { name: "fine", extra: { "\uD800": 1 } },
    ]) {
      const response = await postKey(JSON.stringify(body));
      expect(await refusal(response), JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, body: { code: "invalid_request" } });
    }
    expect(await keyCount()).toBe(0);
  });

  it("refuses a body whose bytes are not UTF-8 instead of storing U+FFFD, and creates nothing", async () => {
    for (const bytes of [[0xe9], [0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80]]) {
      const body = new Uint8Array([...Buffer.from('{"name":"caf'), ...bytes, ...Buffer.from('"}')]);
      expect(await refusal(await postKey(body))).toMatchObject({ status: 400, body: { code: "invalid_request" } });
    }
    expect(await keyCount()).toBe(0);
  });

  it("keeps well-formed text as sent: accents, emoji (surrogate pairs) and percent signs", async () => {
    const response = await postKey(JSON.stringify({ name: "Café ☕ 🚀 %00" }));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { api_key: { name: string } }).api_key.name).toBe("Café ☕ 🚀 %00");
  });
});
