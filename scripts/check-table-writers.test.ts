import { cpSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptCheck } from "@/testing/script-check";

// The one-writer-per-table check, run as `npm run lint` runs it, on a tree holding our real
// schema and one source file.
const { tree, check } = scriptCheck("scripts/check-table-writers.mjs", "table-writers");
const treeWith = (file: string, text: string) =>
  tree({ [file]: text }, (root) => cpSync("db/schema", path.join(root, "db/schema"), { recursive: true }));

describe("check-table-writers", { timeout: 120_000 }, () => {
  it("refuses a drizzle insert into another domain's table, naming the file, table and owner", async () => {
    const root = treeWith(
      "lib/pipeline/record-apps.ts",
      `import { getDb } from "@/db";
import { storeApps } from "@/db/schema";
export async function record(storeId: string, jobId: string) {
  await getDb().insert(storeApps).values({ storeId, jobId, appSlug: "klaviyo", evidence: "x" });
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toContain("lib/pipeline/record-apps.ts:4:9");
    expect(output).toContain("store_apps");
    expect(output).toContain("lib/apps/");
  });

  it("refuses updates and deletes through a renamed import, the schema namespace or a schema file", async () => {
    const root = treeWith(
      "lib/billing/grant.ts",
      `import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db";
import { users as accounts } from "@/db/schema";
import { jobs } from "@/db/schema/jobs";
export async function grant(id: string) {
  await getDb().update(accounts).set({ jobCredits: 1 }).where(eq(accounts.id, id));
  await getDb().delete(schema.stores);
  await getDb().delete(jobs);
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toMatch(/grant\.ts:6:\d+ +\.update\(\) users/);
    expect(output).toMatch(/grant\.ts:7:\d+ +\.delete\(\) stores/);
    expect(output).toMatch(/grant\.ts:8:\d+ +\.delete\(\) jobs/);
  });

  it("refuses raw SQL writes naming a table, spelled out or interpolated", async () => {
    const root = treeWith(
      "lib/pipeline/raw.ts",
      `import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { changelogEntries } from "@/db/schema";
export async function raw() {
  await getDb().execute(sql\`insert into inventory_levels (job_id) values (\${"x"})\`);
  await getDb().execute(sql\`delete from \${changelogEntries} where job_id = \${"x"}\`);
  await getDb().execute(sql.raw("update stores set name = 'x'"));
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toContain("inventory_levels");
    expect(output).toContain("changelog_entries");
    expect(output).toMatch(/raw\.ts:7:\d+ +raw SQL "update" stores/);
  });

  it("refuses a write through a local alias of a table, and only where the alias is in scope", async () => {
    const root = treeWith(
      "lib/pipeline/alias.ts",
      `import { getDb, schema } from "@/db";
import { jobs } from "@/db/schema";
export async function finish(id: string) {
  const target = jobs;
  const again = target;
  await getDb().update(again).set({ status: "completed" });
}
export async function drop() {
  const target = schema.stores;
  await getDb().delete(target);
}
export async function local(db: { insert: (rows: unknown) => unknown }) {
  const jobs = [{ id: "x" }];
  await db.insert(jobs);
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toMatch(/alias\.ts:6:\d+ +\.update\(\) jobs/);
    expect(output).toMatch(/alias\.ts:10:\d+ +\.delete\(\) stores/);
    expect(output).not.toContain("alias.ts:14:");
  });

  it("refuses raw SQL through drizzle-orm's sql imported under another name", async () => {
    const root = treeWith(
      "lib/pipeline/renamed-sql.ts",
      `import { sql as q } from "drizzle-orm";
import { getDb } from "@/db";
export async function raw() {
  await getDb().execute(q\`insert into inventory_levels (job_id) values (\${"x"})\`);
  await getDb().execute(q.raw("delete from stores"));
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toMatch(/renamed-sql\.ts:4:\d+ +raw SQL "insert into" inventory_levels/);
    expect(output).toMatch(/renamed-sql\.ts:5:\d+ +raw SQL "delete from" stores/);
  });

  it("refuses sql.raw given a template literal, reading its text around the interpolations", async () => {
    const root = treeWith(
      "lib/pipeline/raw-template.ts",
      `import { sql } from "drizzle-orm";
import { getDb } from "@/db";
export async function raw(id: string) {
  await getDb().execute(sql.raw(\`update jobs set status = 'failed' where id = '\${id}'\`));
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toMatch(/raw-template\.ts:4:\d+ +raw SQL "update" jobs/);
  });

  it("refuses raw SQL naming a table with its schema, quoted or not", async () => {
    const root = treeWith(
      "lib/pipeline/qualified.ts",
      `import { sql } from "drizzle-orm";
import { getDb } from "@/db";
export async function raw() {
  await getDb().execute(sql\`insert into public.jobs (id) values (\${"x"})\`);
  await getDb().execute(sql\`delete from "public"."stores" where id = \${"x"}\`);
  await getDb().execute(sql.raw('update only public."users" set name = null'));
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    expect(output).toMatch(/qualified\.ts:4:\d+ +raw SQL "insert into" jobs/);
    expect(output).toMatch(/qualified\.ts:5:\d+ +raw SQL "delete from" stores/);
    expect(output).toMatch(/qualified\.ts:6:\d+ +raw SQL "update" users/);
  });

  it("refuses writes in .mjs and .js files, and exempts their tests", async () => {
    for (const file of ["scripts/backfill.mjs", "lib/pipeline/legacy.js"]) {
      const schemaPath = file.startsWith("scripts/") ? "../db/schema/index.ts" : "@/db/schema";
      const root = treeWith(
        file,
        `import { sql } from "drizzle-orm";
import { jobs } from "${schemaPath}";
export async function backfill(db) {
  await db.delete(jobs);
  await db.execute(sql\`update stores set name = 'x'\`);
}
`,
      );
      const { code, output } = await check(root);

      expect(code, file).toBe(1);
      expect(output).toMatch(new RegExp(`${file}:4:\\d+ +\\.delete\\(\\) jobs`));
      expect(output).toMatch(new RegExp(`${file}:5:\\d+ +raw SQL "update" stores`));
    }

    const test = treeWith(
      "scripts/backfill.test.mjs",
      `import { jobs } from "../db/schema/index.ts";\nexport const wipe = (db) => db.delete(jobs);\n`,
    );
    expect(await check(test)).toMatchObject({ code: 0 });
  });

  it("refuses a write from outside lib/ too: an Inngest function, a route handler, the server", async () => {
    for (const file of ["inngest/publish-reports.ts", "app/api/shops/route.ts", "server/start-server.ts"]) {
      const root = treeWith(
        file,
        `import { getDb } from "@/db";
import { reportPublications } from "@/db/schema";
export async function publish(jobId: string) {
  await getDb().insert(reportPublications).values({ jobId, publishedAt: new Date() });
}
`,
      );
      const { code, output } = await check(root);

      expect(code, file).toBe(1);
      expect(output).toContain(`${file}:4:9`);
      expect(output).toContain("report_publications");
    }
  });

  it("accepts writes by the owning domain, reads of an unguarded table by anyone, and test code", async () => {
    const owner = treeWith(
      "lib/apps/record-detected-apps.ts",
      `import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { storeApps, stores } from "@/db/schema";
export async function record(storeId: string, jobId: string) {
  await getDb().select().from(stores);
  await getDb().execute(sql\`select 1 from \${stores} for update skip locked\`);
  await getDb().insert(storeApps).values({ storeId, jobId, appSlug: "klaviyo", evidence: "x" }).onConflictDoUpdate({ target: storeApps.storeId, set: { evidence: sql\`excluded.evidence\` } });
}
`,
    );
    expect(await check(owner)).toMatchObject({ code: 0 });

    const test = treeWith(
      "lib/pipeline/seed.test.ts",
      `import { stores } from "@/db/schema";\nexport const seed = (db: any) => db.insert(stores).values({});\n`,
    );
    expect(await check(test)).toMatchObject({ code: 0 });
  });

  it("refuses a read of the jobs table outside lib/jobs: a select, a join, a column, raw SQL", async () => {
    const root = treeWith(
      "lib/analytics/read-jobs.ts",
      `import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import * as schema from "@/db/schema";
import { jobs, reports } from "@/db/schema";
export async function read(id: string) {
  await getDb().select().from(jobs);
  await getDb().select().from(reports).innerJoin(schema.jobs, eq(reports.jobId, id));
  const at = jobs.completedAt;
  await getDb().execute(sql\`select 1 from jobs where id = \${id}\`);
  return at;
}
`,
    );
    const { code, output } = await check(root);

    expect(code).toBe(1);
    for (const line of [6, 7, 8, 9]) expect(output).toContain(`lib/analytics/read-jobs.ts:${line}:`);
    expect(output).toContain("lib/jobs/");
  });

  it("accepts reads of the jobs table in lib/jobs and in tests, and a type or a property named jobs anywhere", async () => {
    const owner = treeWith(
      "lib/jobs/find.ts",
      `import { getDb } from "@/db";\nimport { jobs } from "@/db/schema";\nexport const find = () => getDb().select().from(jobs);\n`,
    );
    expect(await check(owner)).toMatchObject({ code: 0 });

    const elsewhere = treeWith(
      "lib/analytics/types.ts",
      `import { jobs } from "@/db/schema";
export type Row = typeof jobs.$inferSelect;
export const count = (page: { jobs: Row[] }) => ({ jobs: page.jobs.length });
`,
    );
    expect(await check(elsewhere)).toMatchObject({ code: 0 });

    const test = treeWith(
      "lib/analytics/seed.test.ts",
      `import { jobs } from "@/db/schema";\nexport const seed = (db: any) => db.select().from(jobs);\n`,
    );
    expect(await check(test)).toMatchObject({ code: 0 });
  });

  it("passes on this repository", async () => {
    const { code, output } = await check(path.resolve("."));

    expect(output).toContain("every table is written by its owning domain only");
    expect(code).toBe(0);
  });
});
