import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { catalogThemeName } from "./theme-name";

// Stores filed under the merchant's name for its copy of a theme get the catalog's name from
// their latest report when migration 0037 runs, as a completed analysis now writes it.

const theme = (value: Record<string, unknown>) => ({
  theme: {
    basis: "observed",
    value: { name: null, id: 1, schemaName: null, schemaVersion: null, themeStoreId: null, role: "main", ...value },
  },
});

describe("migration 0037", () => {
  it("names each store's theme as the catalog does, its slug following", async () => {
    const byId = theme({ name: "[PROD] Latest Snapshot - 07.30.21", schemaName: "Impulse", themeStoreId: 887 });
    const bySchema = theme({ name: "Copy of Be Yours – March", schemaName: "Be Yours" });
    const own = theme({ name: "Custom build" });
    const seeded = [
      await seedAnalyzedStore({ domain: "theme-id.test", theme: "[PROD] Latest Snapshot - 07.30.21", metadata: byId }),
      await seedAnalyzedStore({ domain: "theme-schema.test", theme: "Copy of Be Yours – March", metadata: bySchema }),
      await seedAnalyzedStore({ domain: "theme-own.test", theme: "Custom build", metadata: own }),
      await seedAnalyzedStore({ domain: "theme-none.test", theme: "Kept", metadata: {} }),
    ];

    const migration = readFileSync(new URL("../../db/migrations/0037_theme_catalogue_names.sql", import.meta.url), "utf8");
    await getDb().execute(sql.raw(migration));

    const row = async (id: string) => (await getDb().select().from(stores).where(eq(stores.id, id)))[0]!;
    // Dawn: the Theme Store id (887) outranks the schema name, as catalogThemeName says.
    expect((await row(seeded[0]!.store.id)).themeName).toBe(catalogThemeName(byId.theme.value as never));
    expect(await row(seeded[0]!.store.id)).toMatchObject({ themeName: "Dawn", themeSlug: "dawn" });
    expect(await row(seeded[1]!.store.id)).toMatchObject({ themeName: "Be Yours", themeSlug: "be-yours" });
    expect(await row(seeded[2]!.store.id)).toMatchObject({ themeName: "Custom build" });
    expect(await row(seeded[3]!.store.id)).toMatchObject({ themeName: "Kept" });
  });
});
