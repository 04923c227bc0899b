import { APP_CATALOG } from "@/lib/apps/catalog";
import { APP_SAMPLES } from "./app-samples";

/**
 * A realistic HTML snippet (script/link/div) as the app would inject it into a storefront, from
 * APP_SAMPLES. Every snippet is detected as exactly its own app by detectApps (checked in
 * lib/apps/catalog.test.ts).
 *
 * @throws if the slug is not in the catalog, or the catalog app has no snippet in APP_SAMPLES.
 */
export function sampleAppSnippet(slug: string): string {
  if (!APP_CATALOG.some((app) => app.slug === slug)) throw new Error(`Unknown app slug: ${slug}`);
  const sample = APP_SAMPLES[slug];
  if (sample === undefined) throw new Error(`No sample snippet for app ${slug}: add one to testing/apps/app-samples.ts`);

  return sample;
}
