import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Database, type Transaction } from "@/db";
import { jobArtifacts } from "@/db/schema";
import { pageSchema, reportCollectionSchema, storeMetaSchema } from "@/lib/shopify-reader/schemas";
import { homePageFindingsShape } from "@/lib/findings";
import { detectedAppSchema, storefrontThemeSchema, unidentifiedAppSchema } from "@/lib/storefront-html/schemas";
import { socialsSchema } from "@/lib/socials/schemas";
import { renderArtifactSchema } from "@/lib/render/schemas";
import { saveJobArtifact } from "@/lib/snapshots/save-job-artifact";
import { agentEndpointsSchema } from "@/lib/agent-readiness/schemas";

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
  collections: z.array(reportCollectionSchema),
  complete: z.boolean(),
});

export const pagesArtifactSchema = z.object({
  pages: z.array(pageSchema),
  complete: z.boolean(),
  /** Profiles and contact linked from the contact and about pages; absent in older jobs. */
  socials: socialsSchema.optional(),
});

export const storefrontArtifactSchema = z.object({
  theme: storefrontThemeSchema.nullable(),
  apps: z.array(detectedAppSchema),
  /** Apps Shopify names on the page that the catalog does not know; absent in older jobs' artifacts. */
  unidentifiedApps: z.array(unidentifiedAppSchema).optional(),
  title: z.string().nullable(),
  metaDescription: z.string().nullable(),
  fetched: z.boolean(),
  error: z.string().nullable(),
  /** What lib/findings reads on the home page (tags, profiles, languages …), each under its finding's key. */
  ...homePageFindingsShape(),
});

/** Collection listing pages the product crawl read past the cap (fetch-collections reuses them). */
export const collectionPagesArtifactSchema = z.object({
  pages: z.array(z.object({ handle: z.string(), page: z.number().int().min(1), productIds: z.array(z.number().int()), last: z.boolean() })),
});

/** The job's robots.txt as read once by resolve-store (robots.ts); every later step obeys it. */
export const robotsArtifactSchema = z.object({ status: z.enum(["ok", "missing"]), text: z.string().nullable() });

/** The job's store requests, added up step by step (crawl-context.ts). */
export const crawlArtifactSchema = z.object({
  requests: z.number().int().min(0),
  signed: z.number().int().min(0),
  retries: z.number().int().min(0),
  refusals: z.record(z.string(), z.number().int().min(0)),
  robotsSkipped: z.array(z.object({ path: z.string(), kind: z.string() })),
});

const ARTIFACT_SCHEMAS = {
  robots: robotsArtifactSchema,
  crawl: crawlArtifactSchema,
  store: storeArtifactSchema,
  collections: collectionsArtifactSchema,
  pages: pagesArtifactSchema,
  storefront: storefrontArtifactSchema,
  "collection-pages": collectionPagesArtifactSchema,
  // What check-agent-readiness read: Storefront MCP, UCP profile, llms.txt (lib/agent-readiness/).
  "agent-readiness": agentEndpointsSchema,
  /** The render of the home page in a browser (lib/pipeline/render-step.ts). */
  render: renderArtifactSchema,
} as const;

type ArtifactKind = keyof typeof ARTIFACT_SCHEMAS;
export type Artifact<K extends ArtifactKind> = z.infer<(typeof ARTIFACT_SCHEMAS)[K]>;

/** Saves (or replaces, when a step is retried) one artifact of a job. */
export async function saveArtifact<K extends ArtifactKind>(jobId: string, kind: K, data: Artifact<K>): Promise<void> {
  await saveJobArtifact(jobId, kind, ARTIFACT_SCHEMAS[kind].parse(data));
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
