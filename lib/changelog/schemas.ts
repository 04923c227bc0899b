import { z } from "zod";
import { CHANGE_KINDS, CHANGE_SUBJECTS } from "@/db/schema/change-kinds";
import { paginatedSchema } from "@/lib/http/pagination";

/** GET /api/changelog/:jobId (OpenAPI); get-changelog.ts builds it. */
export const changelogEntrySchema = z.object({
  subject: z.enum(CHANGE_SUBJECTS),
  change: z.enum(CHANGE_KINDS),
  id: z.string(),
  title: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

export const changelogSchema = z
  .object({
    job_id: z.string(),
    status: z.string(),
    previous_job_id: z
      .string()
      .nullable()
      .describe(
        "The store's previous completed analysis, what the changes are measured against, named even when nothing changed; null for the store's first analysis and for a job that has not completed",
      ),
  })
  .extend(paginatedSchema(changelogEntrySchema).shape);

export const CATALOG_EVENT_KINDS = ["product_added", "product_removed", "price_changed", "sold_out", "back_in_stock"] as const;
export type CatalogEventKind = (typeof CATALOG_EVENT_KINDS)[number];

const catalogSubjectSchema = z.object({
  product_id: z.number().nullable().describe("null only for changes recorded before product ids were kept with them"),
  variant_id: z.number().nullable().describe("set for price_changed, sold_out and back_in_stock"),
  title: z.string().nullable().describe("the product's title, with the variant's after a dash, as the analysis read it"),
  handle: z.string().nullable().describe("null when no kept snapshot holds the product any more"),
});

const variantPriceSchema = z.object({ price: z.string().nullable(), compare_at_price: z.string().nullable() });

const evidenceSchema = z
  .object({
    job_id: z.string().describe("the analysis that saw the change"),
    previous_job_id: z.string().nullable().describe("the analysis it was compared with"),
    analyzed_at: z.iso.datetime({ offset: true }).nullable(),
    previous_analyzed_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .describe("the two completed analyses whose snapshots differ: the change happened between them");

const eventBase = {
  id: z.string(),
  subject: catalogSubjectSchema,
  evidence: evidenceSchema,
  occurred_at: z.iso.datetime({ offset: true }).describe("when the later analysis recorded it (the change happened since the earlier one)"),
};

/** One change of a store's catalog between two consecutive completed analyses. */
export const catalogEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("product_added"),
    ...eventBase,
    before: z.null(),
    after: z.object({
      handle: z.string().nullable(),
      price_min: z.string().nullable(),
      published_at: z.string().nullable().describe("the store's publish date; null when it gave none or no kept snapshot says"),
    }),
  }),
  z.object({ kind: z.literal("product_removed"), ...eventBase, before: z.object({ handle: z.string().nullable() }), after: z.null() }),
  z.object({
    kind: z.literal("price_changed"),
    ...eventBase,
    before: variantPriceSchema,
    after: variantPriceSchema,
    direction: z.enum(["down", "up"]),
    change_percent: z.number().nullable().describe("(new - old) / old × 100, rounded to 0.1; null when the old price was 0"),
  }),
  z.object({
    kind: z.literal("sold_out"),
    ...eventBase,
    before: z.object({ available: z.literal(true) }),
    after: z.object({ available: z.literal(false) }),
  }),
  z.object({
    kind: z.literal("back_in_stock"),
    ...eventBase,
    before: z.object({ available: z.literal(false) }),
    after: z.object({ available: z.literal(true) }),
  }),
]);
export type CatalogEvent = z.infer<typeof catalogEventSchema>;

/** What the kept analyses can say of a store's catalog history, stated rather than guessed. */
export const catalogCoverageSchema = z.object({
  analyses: z.number().int().describe("completed analyses of the store"),
  first_analyzed_at: z.iso.datetime({ offset: true }).nullable(),
  snapshots_cleaned_up: z
    .number()
    .int()
    .describe(
      "completed analyses whose snapshot cleanup has dropped: their events stay, but the handle of a product in a price or stock event is known only from a kept snapshot",
    ),
  snapshots_kept_since: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe("when the oldest analysis whose snapshot is kept completed; null when none was cleaned up"),
  note: z.string().nullable().describe("what the events cannot say, in words; null when nothing is missing"),
});

export const catalogEventsQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe("next_cursor of the previous page, sent back as given (opaque); one this list did not give is refused with 400"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  kind: z.enum(CATALOG_EVENT_KINDS).optional(),
});
export type CatalogEventsQuery = z.infer<typeof catalogEventsQuerySchema>;

/** A page of a store's catalog events, newest first. */
export const catalogEventPageSchema = z.object({
  data: z.array(catalogEventSchema),
  next_cursor: z.string().nullable().describe("pass as cursor for the next page; null on the last"),
  coverage: catalogCoverageSchema,
});
export type CatalogEventPage = z.infer<typeof catalogEventPageSchema>;
