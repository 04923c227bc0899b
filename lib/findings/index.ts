import { z } from "zod";
import type { AfterRenderFinding, AnyFinding, FindingSources, HomePage } from "./define-finding";
import type { DetectedApp } from "@/lib/storefront-html/schemas";
import { FINDINGS } from "./findings";
import { basisSchema, labelled, type Labelled } from "./labelled";

// What every place that carries findings derives from FINDINGS: the report's schema, the
// storefront artifact's fields, the report's values, the lenient reading of stored reports and
// the store page's shape. No finding is named below.

export { FINDINGS };
export type { AfterRenderFinding, FindingSources, HomePage, Words } from "./define-finding";

type Finding = (typeof FINDINGS)[number];
export type FindingKey = Finding["key"];
type Declared<K extends FindingKey> = Extract<Finding, { key: K }>;
export type FindingValue<K extends FindingKey> = z.output<Declared<K>["schema"]>;

type LabelledSchema<S extends z.ZodType> = z.ZodObject<{ value: S; basis: typeof basisSchema }, z.core.$strip>;
type KeysWhere<Shape> = { [K in FindingKey]: Declared<K> extends Shape ? K : never }[FindingKey];

/** The findings' part of reportMetadataSchema: each labelled, optional unless every report has it. */
export type FindingsShape = {
  [K in FindingKey]: Declared<K> extends { required?: true }
    ? LabelledSchema<Declared<K>["schema"]>
    : z.ZodOptional<LabelledSchema<Declared<K>["schema"]>>;
};
export type ReportFindings = z.output<z.ZodObject<FindingsShape>>;

/** The findings of a stored report, each absent when the report lacks it or holds it in a shape no longer read. */
export type StoredFindings = { [K in FindingKey]?: Labelled<FindingValue<K>> };

// Each declaration types its own callbacks; walked together they take and give unknown values.
const all = FINDINGS as unknown as readonly AnyFinding[];

export function findingsShape(): FindingsShape {
  return Object.fromEntries(
    all.map((finding) => {
      const schema = labelled(finding.schema);
      return [finding.key, finding.required ? schema : schema.optional().describe(finding.describe ?? "")];
    }),
  ) as unknown as FindingsShape;
}

type HomePageKey = KeysWhere<{ origin: "home-page" }>;
export type HomePageFindings = { [K in HomePageKey]: FindingValue<K> };

/** The storefront artifact's fields for what is read from the home page; absent in older jobs' artifacts and when it could not be read. */
export function homePageFindingsShape(): { [K in HomePageKey]: z.ZodOptional<Declared<K>["schema"]> } {
  return Object.fromEntries(all.filter((f) => f.origin === "home-page").map((f) => [f.key, f.schema.optional()])) as never;
}

/** Every home-page finding read from the served page (detect-apps keeps them in the storefront artifact). */
export function readHomePage(page: HomePage): HomePageFindings {
  return Object.fromEntries(all.flatMap((f) => (f.origin === "home-page" && f.read ? [[f.key, f.read(page)]] : []))) as HomePageFindings;
}

/** What build-report works out itself, handed to buildFindings (undefined leaves an optional finding out). */
export type ComputedFindings = { [K in KeysWhere<{ origin: "build-report" }>]: FindingValue<K> | undefined };

/** The report's findings, labelled with their basis, in their declared order. */
export function buildFindings(sources: FindingSources, computed: ComputedFindings): ReportFindings {
  const built: Record<string, Labelled<unknown>> = {};
  for (const finding of all) {
    const value =
      finding.origin === "build-report"
        ? (computed as Record<string, unknown>)[finding.key]
        : finding.build
          ? finding.build(sources)
          : sources.storefront?.[finding.key];
    if (value !== undefined) built[finding.key] = { value, basis: finding.basis };
  }

  return built as ReportFindings;
}

/**
 * What the render saw and the served home page did not, joined to the storefront artifact's
 * findings by each finding's own rule; the same object when nothing joins.
 */
export function joinAfterRender<T extends Record<string, unknown>>(
  storefront: T,
  found: readonly AfterRenderFinding[],
  app: (found: AfterRenderFinding) => DetectedApp | null,
): T {
  let joined = storefront;
  for (const finding of all) {
    const value = storefront[finding.key];
    if (!finding.afterRender || value === undefined) continue;
    const next = finding.afterRender(finding.schema.parse(value), found, app);
    if (next !== value) joined = { ...joined, [finding.key]: next };
  }

  return joined;
}

/**
 * A stored report's findings, read leniently: a report built before a finding existed lacks it,
 * one holding an older shape is brought up to date (`upgrade`), and a value that still does not
 * fit is left out rather than failing the rest.
 */
export function readFindings(metadata: unknown): StoredFindings {
  const stored = typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>) : {};
  const read: Record<string, Labelled<unknown>> = {};
  for (const finding of all) {
    const field = stored[finding.key];
    if (typeof field !== "object" || field === null) continue;
    const { value, basis } = field as Record<string, unknown>;
    const parsedBasis = basisSchema.safeParse(basis);
    const parsed = finding.schema.safeParse(finding.upgrade ? finding.upgrade(value) : value);
    if (parsedBasis.success && parsed.success) read[finding.key] = { value: parsed.data, basis: parsedBasis.data };
  }

  return read as StoredFindings;
}

type StorePageKey = { [K in FindingKey]: [Declared<K>["storePage"]] extends [undefined] ? never : K }[FindingKey];

/** GET /api/stores/:slug's `storefront`: each store-page finding of the latest report, null when it lacks it. */
export function storePageFindingsShape(): { [K in StorePageKey]: z.ZodNullable<Declared<K>["schema"]> } {
  return Object.fromEntries(all.filter((f) => f.storePage).map((f) => [f.key, f.schema.nullable()])) as never;
}
export type StorePageFindings = { [K in StorePageKey]: FindingValue<K> | null };

/** A stored report's store-page findings, null for each it lacks. */
export function storePageFindings(metadata: unknown): StorePageFindings {
  const read = readFindings(metadata) as Record<string, Labelled<unknown> | undefined>;

  return Object.fromEntries(all.filter((f) => f.storePage).map((f) => [f.key, read[f.key]?.value ?? null])) as StorePageFindings;
}
