import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// Real Shopify pages captured by other people, with what a careful reader finds in each
// (testing/fixtures/real-storefronts/README.md). Detectors are scored against these.

const FOLDER = path.join(process.cwd(), "testing/fixtures/real-storefronts");

export const truthEntrySchema = z.object({
  file: z.string(),
  shop: z.string(),
  page_type: z.string(),
  theme: z.object({ name: z.string(), schema_name: z.string().nullable(), theme_store_id: z.number().nullable() }),
  apps: z.array(z.object({ vendor: z.string(), evidence: z.string(), uncertain: z.boolean().optional() })),
  first_party_apps: z.array(z.string()).optional(),
  pixels: z.array(z.object({ type: z.string(), id: z.string().nullable(), evidence: z.string() })),
  socials: z.array(z.string()),
  emails: z.array(z.string()),
  languages: z.array(z.string()),
  currency: z.string().nullable(),
  locale: z.string().nullable(),
  country: z.string().nullable(),
  other_third_party: z.array(z.string()).nullable().optional(),
  notes: z.string().nullable().optional(),
});
export type StorefrontTruth = z.infer<typeof truthEntrySchema>;

/** Every captured page with its hand-read findings, in truth.json's order. */
export function realStorefronts(): { truth: StorefrontTruth; html: string; domain: string }[] {
  const truth = z.array(truthEntrySchema).parse(JSON.parse(readFileSync(path.join(FOLDER, "truth.json"), "utf8")));

  return truth.map((entry) => ({
    truth: entry,
    html: readFileSync(path.join(FOLDER, entry.file), "utf8"),
    domain: entry.file.replace(/\.html?$/, ""),
  }));
}
