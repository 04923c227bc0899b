// Saved lists: a signed-in user saves a segment (a directory query) or hand-picked stores, within
// the plan's limits; reads what entered, left and happened in it since the last visit; turns on
// alerts for all its stores; and never sees another user's list (404, the same as none).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getLists, POST as postList } from "@/app/api/lists/route";
import { DELETE as deleteList, GET as getList, PATCH as patchList } from "@/app/api/lists/[id]/route";
import { DELETE as deleteStores, POST as postStores } from "@/app/api/lists/[id]/stores/route";
import { GET as getChanges } from "@/app/api/lists/[id]/changes/route";
import { getDb } from "@/db";
import { alerts, storeApps, technologyEvents } from "@/db/schema";
import { raiseAlerts } from "@/lib/alerts";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { createKeyedUser } from "@/testing/auth/fixtures";

type Headers = Record<string, string>;
// The answers are checked by value below; their fields are read loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, headers: Headers, init: { method?: string; path?: string; id?: string; body?: unknown } = {}) {
  const url = `http://localhost:3000${init.path ?? "/api/lists"}`;
  const response = await handler(
    new Request(url, {
      method: init.method ?? "GET",
      headers: { ...headers, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    }),
    { params: Promise.resolve<Record<string, string>>(init.id ? { id: init.id } : {}) },
  );
  return { status: response.status, body: (await response.json()) as Body };
}

let owner: Headers;
let other: Headers;
const jobOf: Record<string, string> = {};
const storeIdOf: Record<string, string> = {};

beforeAll(async () => {
  owner = (await createKeyedUser()).headers;
  other = (await createKeyedUser()).headers;
  for (const [domain, apps] of [
    ["alpha.test", ["klaviyo"]],
    ["bravo.test", ["klaviyo", "judge-me"]],
    ["charlie.test", []],
  ] as const) {
    const { store, jobId } = await seedAnalyzedStore({ domain, apps: apps.map((slug) => ({ slug })) });
    jobOf[store.slug] = jobId;
    storeIdOf[store.slug] = store.id;
  }
});

describe("a segment list", () => {
  let id: string;

  it("saves the directory query given, leaves out paging and keys the directory does not know, and counts its stores", async () => {
    const created = await call(postList, owner, {
      method: "POST",
      body: { name: "Klaviyo stores", segment: "app=klaviyo&page=3&per_page=5&no_such_filter=1" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "segment", segment: { app: "klaviyo" }, segment_query: "app=klaviyo", store_count: 2 });
    id = created.body.id;

    const detail = await call(getList, owner, { path: `/api/lists/${id}`, id });
    expect(detail.status).toBe(200);
    expect(detail.body.stores.map((s: { slug: string }) => s.slug).sort()).toEqual(["alpha-test", "bravo-test"]);
  });

  it("refuses a filter the directory refuses, naming it", async () => {
    const refused = await call(postList, owner, { method: "POST", body: { name: "Bad", segment: { country: "Germany" } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.issues)).toContain("segment.country");
  });

  it("tells which stores entered and left since the last visit, and the events on its stores", async () => {
    // delta.test starts using Klaviyo; alpha.test stops; bravo.test changes its theme.
    const { store: delta } = await seedAnalyzedStore({ domain: "delta.test", apps: [{ slug: "klaviyo" }] });
    await getDb()
      .delete(storeApps)
      .where(and(eq(storeApps.storeId, storeIdOf["alpha-test"]!), eq(storeApps.appSlug, "klaviyo")));
    const at = new Date();
    await getDb()
      .insert(technologyEvents)
      .values({
        storeId: storeIdOf["bravo-test"]!,
        jobId: jobOf["bravo-test"]!,
        at,
        previousJobId: jobOf["bravo-test"]!,
        previousAt: new Date(at.getTime() - 86_400_000),
        technology: "theme",
        kind: "theme_changed",
        key: "theme",
        label: "Dawn",
        before: "Debut 1.0",
        after: "Dawn 15.0",
      });

    const changes = await call(getChanges, owner, { path: `/api/lists/${id}/changes`, id });
    expect(changes.status).toBe(200);
    expect(changes.body.entered.map((s: { slug: string }) => s.slug)).toEqual([delta.slug]);
    expect(changes.body.left.map((s: { slug: string }) => s.slug)).toEqual(["alpha-test"]);
    expect(changes.body.events).toEqual([
      expect.objectContaining({ kind: "theme_changed", after: "Dawn 15.0", store: expect.objectContaining({ slug: "bravo-test" }) }),
    ]);
    expect(changes.body.events_total).toBe(1);

    // Reading changed nothing; marking the visit does.
    expect((await call(getChanges, owner, { path: `/api/lists/${id}/changes`, id })).body.entered).toHaveLength(1);
    const seen = await call(patchList, owner, { method: "PATCH", path: `/api/lists/${id}`, id, body: { seen: true } });
    expect(seen.status).toBe(200);
    const after = await call(getChanges, owner, { path: `/api/lists/${id}/changes`, id });
    expect(after.body).toMatchObject({ entered: [], left: [], events: [], events_total: 0 });
  });

  it("refuses picking stores by hand: a segment's stores follow its query", async () => {
    const refused = await call(postStores, owner, {
      method: "POST",
      path: `/api/lists/${id}/stores`,
      id,
      body: { stores: ["charlie-test"] },
    });
    expect(refused.status).toBe(409);
  });

  it("with alerts on, raises an event on one of its stores for the list's owner", async () => {
    const { user, headers } = await createKeyedUser();
    const created = await call(postList, headers, { method: "POST", body: { name: "Watch", segment: "app=judge-me", alerts: true } });
    expect(created.body).toMatchObject({ alerts: true, store_count: 1 });
    const raised = await raiseAlerts(storeIdOf["bravo-test"]!, [
      {
        kind: "app_removed",
        subject: { type: "app", id: "judge-me", title: "Judge.me" },
        before: null,
        after: null,
        occurredAt: new Date(),
        evidence: { jobId: jobOf["bravo-test"] },
      },
    ]);
    expect(raised).toHaveLength(1);
    const mine = await getDb().select().from(alerts).where(eq(alerts.userId, user.id));
    expect(mine).toEqual([expect.objectContaining({ kind: "app_removed", storeId: storeIdOf["bravo-test"] })]);
  });
});

describe("a hand-picked list", () => {
  it("is created from slugs, answers the unknown ones apart, and takes and gives back stores", async () => {
    const created = await call(postList, owner, { method: "POST", body: { name: "Picked", stores: ["alpha-test", "charlie-test"] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "stores", segment: null, store_count: 2 });
    const id = created.body.id as string;

    const added = await call(postStores, owner, {
      method: "POST",
      path: `/api/lists/${id}/stores`,
      id,
      body: { stores: ["bravo-test", "alpha-test", "nobody-test"] },
    });
    expect(added.body).toEqual({ store_count: 3, changed: 1, unknown: ["nobody-test"] });

    const removed = await call(deleteStores, owner, {
      method: "DELETE",
      path: `/api/lists/${id}/stores`,
      id,
      body: { stores: ["alpha-test"] },
    });
    expect(removed.body).toMatchObject({ store_count: 2, changed: 1 });
    const detail = await call(getList, owner, { path: `/api/lists/${id}`, id });
    expect(detail.body.stores.map((s: { slug: string }) => s.slug)).toEqual(["charlie-test", "bravo-test"]);

    const renamed = await call(patchList, owner, { method: "PATCH", path: `/api/lists/${id}`, id, body: { name: "Renamed" } });
    expect(renamed.body.name).toBe("Renamed");
    expect((await call(deleteList, owner, { method: "DELETE", path: `/api/lists/${id}`, id })).body).toEqual({ deleted: true });
    expect((await call(getList, owner, { path: `/api/lists/${id}`, id })).status).toBe(404);
  });
});

describe("plan limits", () => {
  it("refuses a Free account's fourth list with 402 list_limit and the plan's figures", async () => {
    const { headers } = await createKeyedUser();
    for (const name of ["one", "two", "three"]) {
      expect((await call(postList, headers, { method: "POST", body: { name, stores: ["alpha-test"] } })).status).toBe(201);
    }
    const refused = await call(postList, headers, { method: "POST", body: { name: "four", stores: ["alpha-test"] } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ reason: "list_limit", plan: "free", limit: 3, used: 3 });
    const listed = await call(getLists, headers);
    expect(listed.body.limits).toEqual({ plan: "free", lists: 3, stores_per_list: 100, used: 3 });
  });

  it("lets a Pro account keep more lists", async () => {
    const { headers } = await createKeyedUser({ plan: "pro_monthly" });
    for (const name of ["one", "two", "three", "four"]) {
      expect((await call(postList, headers, { method: "POST", body: { name, segment: "country=US" } })).status).toBe(201);
    }
  });
});

describe("another user's list", () => {
  it("answers 404 to every read and write, as a list that does not exist", async () => {
    const created = await call(postList, owner, { method: "POST", body: { name: "Mine", stores: ["alpha-test"] } });
    const id = created.body.id as string;
    const path = `/api/lists/${id}`;
    expect((await call(getList, other, { path, id })).status).toBe(404);
    expect((await call(getChanges, other, { path: `${path}/changes`, id })).status).toBe(404);
    expect((await call(patchList, other, { method: "PATCH", path, id, body: { name: "Theirs" } })).status).toBe(404);
    expect((await call(postStores, other, { method: "POST", path: `${path}/stores`, id, body: { stores: ["bravo-test"] } })).status).toBe(
      404,
    );
    expect((await call(deleteList, other, { method: "DELETE", path, id })).status).toBe(404);
    expect((await call(getLists, other)).body.data).toEqual([]);
    expect((await call(getList, owner, { path, id })).body.name).toBe("Mine");
  });
});
