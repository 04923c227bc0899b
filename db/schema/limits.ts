import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters of the abuse limits (sign-in per IP, job submissions per account, ...),
 * in the database so every instance counts the same hits.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.windowStart)],
);

/** Client addresses refused until `until` after sustained abuse (the contract's ip_cooldown). */
export const ipCooldowns = pgTable("ip_cooldowns", {
  ip: text().primaryKey(),
  until: timestamp({ withTimezone: true }).notNull(),
  reason: text().notNull(),
});
