import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// Auth.js adapter tables: names and property keys follow @auth/drizzle-adapter exactly.

export const users = pgTable("users", {
  id: text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text(),
  email: text().unique(),
  emailVerified: timestamp({ mode: "date", withTimezone: true }),
  image: text(),
  /** free | single_report | pro_monthly: the plan the user is on now. */
  plan: text().notNull().default("free"),
  /** Job credits bought one at a time (single_report). */
  jobCredits: integer().notNull().default(0),
  stripeCustomerId: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable(
  "accounts",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().notNull(),
    provider: text().notNull(),
    providerAccountId: text().notNull(),
    refresh_token: text(),
    access_token: text(),
    expires_at: integer(),
    token_type: text(),
    scope: text(),
    id_token: text(),
    session_state: text(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable(
  "sessions",
  {
    sessionToken: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires: timestamp({ mode: "date", withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId)],
);

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text().notNull(),
    token: text().notNull(),
    expires: timestamp({ mode: "date", withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/** Password hashes live apart from users so no session or user object can carry one. */
export const userPasswords = pgTable("user_passwords", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use, expiring links sent by e-mail (password reset, e-mail verification); only the
 * token's SHA-256 is kept. `purpose` keeps one kind of link from ever doing the other's job.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text().primaryKey(),
    purpose: text({ enum: ["password_reset", "verify_email"] })
      .notNull()
      .default("password_reset"),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

export type User = typeof users.$inferSelect;
