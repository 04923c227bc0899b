import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { truthEntrySchema } from "./truth";

// The real pages added after the first 16 (testing/fixtures/real-storefronts/README.md › Held out):
// split.json says which are held out, truth/<page>.json holds what a reader found on each. A
// missing page, a missing or malformed truth file, or a page in two sets throws: a benchmark that
// quietly scores fewer pages would report figures nobody measured.

const FOLDER = path.join(process.cwd(), "testing/fixtures/real-storefronts");

/**
 * A reader's findings on an added page: the first pages' shape, where each app also lists the
 * names it may be reported under (its App Store handle, its catalog slug, its vendor's name) so the
 * score does not depend on one catalog's slugs.
 */
export const addedTruthSchema = truthEntrySchema.extend({
  apps: z.array(
    z.object({
      vendor: z.string().min(1),
      ids: z.array(z.string().min(2)).min(1),
      evidence: z.string().min(3),
      uncertain: z.boolean().optional(),
    }),
  ),
});
export type AddedTruth = z.infer<typeof addedTruthSchema>;

const splitSchema = z.object({
  rule: z.string().min(20),
  issue_markers: z.array(z.string()),
  original: z.array(z.string()),
  tuning: z.array(z.object({ page: z.string(), why: z.string() })),
  held_out: z.array(z.string()),
  /** Pages dropped on reading (not a home or product page), with why; never scored. */
  excluded: z.array(z.object({ page: z.string(), why: z.string() })).optional(),
});

export type PageSet = "tuning" | "held-out";
export type AddedPage = { page: string; set: PageSet; truth: AddedTruth; html: string };

/** The held-out split as recorded, checked: no page twice, none of the first 16 among the added ones. */
export function readSplit(folder = FOLDER) {
  const split = splitSchema.parse(JSON.parse(readFileSync(path.join(folder, "split.json"), "utf8")));
  const all = [...split.original, ...split.tuning.map((entry) => entry.page), ...split.held_out];
  const twice = all.filter((page, index) => all.indexOf(page) !== index);
  if (twice.length > 0) throw new Error(`split.json lists pages twice: ${twice.join(", ")}`);

  return split;
}

/** Every added page of the sets asked for, with its truth; throws when a file is missing or malformed. */
export function addedStorefronts(sets: readonly PageSet[] = ["tuning", "held-out"], folder = FOLDER): AddedPage[] {
  const split = readSplit(folder);
  const pages = [
    ...split.tuning.map((entry) => ({ page: entry.page, set: "tuning" as const })),
    ...split.held_out.map((page) => ({ page, set: "held-out" as const })),
  ].filter((entry) => sets.includes(entry.set));

  return pages.map(({ page, set }) => {
    const htmlFile = path.join(folder, `${page}.html`);
    const truthFile = path.join(folder, "truth", `${page}.json`);
    if (!existsSync(htmlFile)) throw new Error(`${page}: no page ${htmlFile}`);
    if (!existsSync(truthFile)) throw new Error(`${page}: no truth ${truthFile}`);
    const parsed = addedTruthSchema.safeParse(JSON.parse(readFileSync(truthFile, "utf8")));
    if (!parsed.success) throw new Error(`${page}: malformed truth: ${parsed.error.message}`);
    if (parsed.data.file !== `${page}.html`) throw new Error(`${page}: truth names file ${parsed.data.file}`);

    return { page, set, truth: parsed.data, html: readFileSync(htmlFile, "utf8") };
  });
}
