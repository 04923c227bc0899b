import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { themeSlugOf } from "./theme-slug";

// A link to /themes/<slug> made from a name must name the page the directory files the store under.
it("gives a theme name the slug the database derives for the store row", async () => {
  const names = ["Dawn", "Be Yours 7", "  Prestige (v9) ", "Copy of Dawn — 2024", "Empire!!", "---"];
  for (const [i, name] of names.entries()) {
    const [row] = await getDb()
      .insert(stores)
      .values({ domain: `theme-slug-${i}.test`, slug: `theme-slug-${i}`, themeName: name })
      .returning({ id: stores.id });
    const [read] = await getDb().select({ slug: stores.themeSlug }).from(stores).where(eq(stores.id, row!.id));
    expect(themeSlugOf(name), name).toBe(read!.slug);
  }
  expect(themeSlugOf("Be Yours 7")).toBe("be-yours-7");
  expect(themeSlugOf(null)).toBeNull();
});
