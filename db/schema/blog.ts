import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    title: text().notNull(),
    summary: text().notNull(),
    /** Markdown. */
    body: text().notNull(),
    /** weekly-digest | store-report | ... : which generator wrote it. */
    kind: text().notNull(),
    data: jsonb(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.slug), index().on(t.publishedAt)],
);
