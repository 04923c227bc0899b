import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { stores } from "./store-directory";

/** What a store's technology timeline follows, one name per finding it is read from (lib/history/technologies.ts). */
export const TECHNOLOGIES = ["app", "tag", "theme", "language", "market", "social", "agent_endpoint"] as const;

/** What happened to a technology between two analyses, by name (app_installed, theme_changed …). */
export const TECHNOLOGY_EVENT_KINDS = [
  "app_installed",
  "app_removed",
  "theme_changed",
  "tag_added",
  "tag_removed",
  "language_added",
  "language_removed",
  "market_added",
  "market_removed",
  "social_added",
  "social_removed",
  "agent_endpoint_added",
  "agent_endpoint_removed",
] as const;

/**
 * One technology added, removed or changed between two consecutive completed analyses of a
 * store, the two named as evidence; written in the transaction that completes the later one.
 */
export const technologyEvents = pgTable(
  "technology_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** When the report of the analysis that saw the change was written (its completion). */
    at: timestamp({ withTimezone: true }).notNull(),
    previousJobId: uuid().notNull(),
    previousAt: timestamp({ withTimezone: true }).notNull(),
    technology: text({ enum: TECHNOLOGIES }).notNull(),
    kind: text({ enum: TECHNOLOGY_EVENT_KINDS }).notNull(),
    /** The technology's stable key: an app slug, a tag kind, a language code, a country … ("theme" for the theme). */
    key: text().notNull(),
    label: text().notNull(),
    /** What it was and became, for a change (a theme's name and version); null otherwise. */
    before: text(),
    after: text(),
  },
  (t) => [index().on(t.storeId, t.at), index().on(t.jobId), index().on(t.technology, t.key, t.at)],
);

/**
 * When each technology of a store was first and last seen by a completed analysis, and whether
 * the latest one still saw it. Kept beside the events: a technology present since the first
 * analysis has no event that says when it was first seen.
 */
export const technologySightings = pgTable(
  "technology_sightings",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    technology: text({ enum: TECHNOLOGIES }).notNull(),
    key: text().notNull(),
    label: text().notNull(),
    /** The theme's version as last seen; null for the rest. */
    detail: text(),
    firstSeenJobId: uuid().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenJobId: uuid().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    present: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.technology, t.key] })],
);
