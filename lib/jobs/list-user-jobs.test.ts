import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { createTestUser } from "@/testing/auth/fixtures";
import { jobSchema } from "./schemas";
import { listUserJobs } from "./list-user-jobs";

let alice: string;
let bob: string;
let newestFirst: string[];

async function insertJob(userId: string | null, domain: string, createdAt: Date) {
  const slug = domain.replace(/\./g, "-");
  const [store] = await getDb()
    .insert(stores)
    .values({ domain, slug })
    .onConflictDoUpdate({ target: stores.slug, set: { slug } })
    .returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain, slug, userId, createdAt }).returning();

  return job!.id;
}

beforeAll(async () => {
  alice = (await createTestUser()).id;
  bob = (await createTestUser()).id;
  const suffix = Math.random().toString(36).slice(2, 8);
  const base = Date.parse("2025-03-01T12:00:00Z");
  const ids: string[] = [];
  // Five of Alice's jobs, one minute apart, inserted out of order; two share a timestamp.
  for (const minute of [2, 0, 4, 1, 4])
    ids.push(await insertJob(alice, `list-${suffix}-${ids.length}.test`, new Date(base + minute * 60_000)));
  await insertJob(bob, `list-${suffix}-bob.test`, new Date(base + 10 * 60_000));
  await insertJob(null, `list-${suffix}-anon.test`, new Date(base + 11 * 60_000));
  const minutes = [2, 0, 4, 1, 4];
  newestFirst = ids
    .map((id, i) => ({ id, minute: minutes[i]! }))
    .sort((a, b) => b.minute - a.minute || (a.id < b.id ? 1 : -1))
    .map((job) => job.id);
});

describe("listUserJobs", () => {
  it("lists only the user's jobs, newest first, in the API's job shape", async () => {
    const list = await listUserJobs({ userId: alice, page: 1, per_page: 20 });

    expect(list.pagination).toEqual({ page: 1, per_page: 20, total: 5, total_pages: 1 });
    expect(list.data.map((job) => job.id)).toEqual(newestFirst);
    for (const job of list.data) expect(jobSchema.parse(job)).toEqual(job);
    expect(list.data[0]).toMatchObject({ status: "queued", progress: 0 });
  });

  it("pages without overlap or gaps, even with equal timestamps", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listUserJobs({ userId: alice, page, per_page: 2 })));

    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.data.map((job) => job.id))).toEqual(newestFirst);
    expect(pages[2]!.pagination).toEqual({ page: 3, per_page: 2, total: 5, total_pages: 3 });
  });

  it("answers an empty page past the end, and nothing for a user without jobs", async () => {
    expect(await listUserJobs({ userId: alice, page: 9, per_page: 2 })).toEqual({
      data: [],
      pagination: { page: 9, per_page: 2, total: 5, total_pages: 3 },
    });
    const nobody = (await createTestUser()).id;
    expect((await listUserJobs({ userId: nobody, page: 1, per_page: 20 })).pagination.total).toBe(0);
    expect((await listUserJobs({ userId: bob, page: 1, per_page: 20 })).data).toHaveLength(1);
  });
});
