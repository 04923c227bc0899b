import { and, asc, desc, eq, isNotNull, notInArray, sql, type Column } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, storeApps, stores } from "@/db/schema";
import { agentCapabilitySchema } from "./schemas";
import { countryLabel, currencyLabel, languageLabel, namesALanguage } from "./facet-labels";
import { AGENT_CAPABILITY_LABELS } from "./store-technologies";
import { tagKindName } from "@/lib/marketing/tag-kinds";
import { FORMER_TAG_APP_SLUGS } from "@/lib/technologies/former-tag-apps";

export type FacetValue = { value: string; label: string; stores: number };
export type DirectoryFacets = {
  countries: FacetValue[];
  currencies: FacetValue[];
  themes: FacetValue[];
  apps: FacetValue[];
  tags: FacetValue[];
  languages: FacetValue[];
  markets: FacetValue[];
  agent: FacetValue[];
};

const listed = isNotNull(stores.latestJobId);
const storeCount = sql<number>`count(*)::int`;

/** Every value of one of the store row's arrays with how many listed stores have it (each array holds a value once). */
async function arrayValueCounts(column: Column): Promise<{ value: string; stores: number }[]> {
  const db = getDb();
  const values = db
    .select({ value: sql<string>`unnest(${column})`.as("value") })
    .from(stores)
    .where(listed)
    .as("values");

  return db
    .select({ value: values.value, stores: storeCount })
    .from(values)
    .groupBy(values.value)
    .orderBy(desc(storeCount), asc(values.value));
}

/** The marketing tag kinds of the listed stores, named, with how many stores carry each, most first. */
export async function countListedStoreTags(): Promise<FacetValue[]> {
  return (await arrayValueCounts(stores.tagKinds)).map((row) => ({ ...row, label: tagKindName(row.value) }));
}

/**
 * What the directory's filters offer: the countries, currencies, themes, apps, marketing tags,
 * languages, ships-to markets and agent endpoints of the listed stores, each with how many stores
 * have it, most common first; a value no listed store has is not offered.
 */
export async function getDirectoryFacets(): Promise<DirectoryFacets> {
  const db = getDb();
  const [countries, currencies, themes, appRows, tags, languages, markets, agent] = await Promise.all([
    db
      .select({ value: stores.country, stores: storeCount })
      .from(stores)
      .where(and(listed, isNotNull(stores.country)))
      .groupBy(stores.country)
      .orderBy(desc(storeCount), asc(stores.country)),
    db
      .select({ value: stores.currency, stores: storeCount })
      .from(stores)
      .where(and(listed, isNotNull(stores.currency)))
      .groupBy(stores.currency)
      .orderBy(desc(storeCount), asc(stores.currency)),
    // One value per theme slug, named as most of its stores name it (min: a stable choice among spellings).
    db
      .select({ value: stores.themeSlug, label: sql<string>`min(${stores.themeName})`, stores: storeCount })
      .from(stores)
      .where(and(listed, isNotNull(stores.themeSlug)))
      .groupBy(stores.themeSlug)
      .orderBy(desc(storeCount), asc(stores.themeSlug)),
    db
      .select({ value: apps.slug, label: apps.name, stores: storeCount })
      .from(storeApps)
      .innerJoin(stores, eq(stores.id, storeApps.storeId))
      .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
      // A pixel an older analysis filed as an app is offered as a tag only (the `tag` filter).
      .where(and(listed, notInArray(apps.slug, [...FORMER_TAG_APP_SLUGS])))
      .groupBy(apps.slug, apps.name)
      .orderBy(desc(storeCount), asc(apps.name)),
    countListedStoreTags(),
    arrayValueCounts(stores.languages),
    arrayValueCounts(stores.markets),
    arrayValueCounts(stores.agentReadiness),
  ]);
  const labelled = (rows: { value: string; stores: number }[], label: (value: string) => string) =>
    rows.map((row) => ({ ...row, label: label(row.value) }));

  return {
    // Names, not codes: "Portugal", as the ships-to filter names the same countries.
    countries: labelled(countries as { value: string; stores: number }[], countryLabel),
    currencies: labelled(currencies as { value: string; stores: number }[], currencyLabel),
    themes: themes as FacetValue[],
    apps: appRows,
    tags,
    // hreflang's x-default names no language ("Default (x-default)"): never offered.
    languages: labelled(
      languages.filter((row) => namesALanguage(row.value)),
      languageLabel,
    ),
    markets: labelled(markets, countryLabel),
    // Only the capabilities the filter accepts: a value the query would refuse is not offered.
    agent: agent.flatMap((row) => {
      const capability = agentCapabilitySchema.safeParse(row.value);
      return capability.success ? [{ ...row, label: AGENT_CAPABILITY_LABELS[capability.data] }] : [];
    }),
  };
}
