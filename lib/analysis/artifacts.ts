import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Database, type Transaction } from "@/db";
import { jobArtifacts } from "@/db/schema";
import { collectionSchema, pageSchema, storeMetaSchema } from "@/lib/shopify/schemas";

// What the steps of one job gathered, by kind. Stored in job_artifacts (not in step outputs,
// which the workflow replays on every call) and read back by build-report.

export const storeArtifactSchema = z.object({
  meta: storeMetaSchema,
  /** The host that actually answered (after a domain redirect such as .com → .se). */
  canonicalDomain: z.string(),
  /** Shopper-facing currency from the cart_currency cookie, when the store set one. */
  cartCurrency: z.string().nullable(),
});

export const collectionsArtifactSchema = z.object({
  collections: z.array(collectionSchema.extend({ productIds: z.array(z.number()).nullable() })),
  complete: z.boolean(),
});

export const pagesArtifactSchema = z.object({ pages: z.array(pageSchema), complete: z.boolean() });

export const storefrontArtifactSchema = z.object({
  theme: z
    .object({
      name: z.string().nullable(),
      id: z.number().nullable(),
      schemaName: z.string().nullable(),
      schemaVersion: z.string().nullable(),
      themeStoreId: z.number().nullable(),
      role: z.string().nullable(),
    })
    .nullable(),
  apps: z.array(z.object({ slug: z.string(), name: z.string(), category: z.string(), evidence: z.string() })),
  title: z.string().nullable(),
  metaDescription: z.string().nullable(),
  fetched: z.boolean(),
  error: z.string().nullable(),
});

const ARTIFACT_SCHEMAS = {
  store: storeArtifactSchema,
  collections: collectionsArtifactSchema,
  pages: pagesArtifactSchema,
  storefront: storefrontArtifactSchema,
} as const;

type ArtifactKind = keyof typeof ARTIFACT_SCHEMAS;
export type Artifact<K extends ArtifactKind> = z.infer<(typeof ARTIFACT_SCHEMAS)[K]>;

/** Saves (or replaces, when a step is retried) one artifact of a job. */
export async function saveArtifact<K extends ArtifactKind>(jobId: string, kind: K, data: Artifact<K>): Promise<void> {
  const parsed = ARTIFACT_SCHEMAS[kind].parse(data);
  await getDb()
    .insert(jobArtifacts)
    .values({ jobId, kind, data: parsed })
    .onConflictDoUpdate({ target: [jobArtifacts.jobId, jobArtifacts.kind], set: { data: parsed, createdAt: new Date() } });
}

export async function loadArtifact<K extends ArtifactKind>(
  jobId: string,
  kind: K,
  db: Database | Transaction = getDb(),
): Promise<Artifact<K> | null> {
  const [row] = await db
    .select({ data: jobArtifacts.data })
    .from(jobArtifacts)
    .where(and(eq(jobArtifacts.jobId, jobId), eq(jobArtifacts.kind, kind)))
    .limit(1);

  return row ? (ARTIFACT_SCHEMAS[kind].parse(row.data) as Artifact<K>) : null;
}
