import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, storeApps, stores } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { findDesktopScreenshot } from "./latest-screenshots";

/** What a store's Open Graph card shows: name, domain, product count, a few apps, its latest screenshot. */
export async function getStoreCard(slug: string) {
  const [store] = await getDb()
    .select({
      id: stores.id,
      name: stores.name,
      domain: stores.domain,
      productCount: stores.productCount,
      theme: stores.themeName,
      latestJobId: stores.latestJobId,
    })
    .from(stores)
    .where(eq(stores.slug, slug))
    .limit(1);
  if (!store?.latestJobId) throw notFound(`Store ${slug}`);
  const topApps = await getDb()
    .select({ name: apps.name })
    .from(storeApps)
    .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
    .where(eq(storeApps.storeId, store.id))
    .orderBy(asc(apps.name))
    .limit(4);

  return {
    name: store.name ?? store.domain,
    domain: store.domain,
    productCount: store.productCount ?? 0,
    theme: store.theme,
    apps: topApps.map((app) => app.name),
    screenshot: await findDesktopScreenshot(store.latestJobId),
  };
}
