import { z } from "zod";

/**
 * Where the database is. lib/env.ts validates these with every other setting at start-up
 * (it composes this schema); db/ reads them here so it depends on nothing above it.
 */
export const databaseSettingsSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PGLITE_DIR: z.string().default(".data/pglite"),
});

export type DatabaseSettings = z.infer<typeof databaseSettingsSchema>;

/** The database settings of this process; empty strings mean "unset", as in lib/env.ts. */
export function readDatabaseSettings(source: Record<string, string | undefined> = process.env): DatabaseSettings {
  return databaseSettingsSchema.parse({
    DATABASE_URL: source.DATABASE_URL || undefined,
    PGLITE_DIR: source.PGLITE_DIR || undefined,
  });
}
