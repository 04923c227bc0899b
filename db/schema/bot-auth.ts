import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Web Bot Auth signature values a merchant generated for their own store in Shopify's admin
 * and an operator registered (lib/bot-auth/owner-signatures.ts): the crawler sends them to
 * that one domain until they expire. The three header values are credentials, so they are
 * kept sealed (AES-256-GCM, key derived from AUTH_SECRET) in `sealedHeaders`; only the
 * domain and the dates are readable.
 */
export const ownerSignatures = pgTable("owner_signatures", {
  /** The store's host name, normalized as store domains are (lower case, punycode, no port). */
  domain: text().primaryKey(),
  /** `sealed:v1:…` of the JSON of the three header values. */
  sealedHeaders: text().notNull(),
  /** `created` of Signature-Input, when it names one. */
  signedAt: timestamp({ withTimezone: true }),
  /** `expires` of Signature-Input: after it the values are not sent. */
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** Who registered them: a user id, or `cli` for the command line. */
  registeredBy: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type OwnerSignature = typeof ownerSignatures.$inferSelect;
