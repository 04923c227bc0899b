import { z } from "zod";
import { LIST_KINDS } from "@/db/schema/list-kinds";
import { timelineEventSchema } from "@/lib/history/schemas";
import { storeSlugSchema } from "@/lib/store-domain/schemas";

export const listKindSchema = z
  .enum(LIST_KINDS)
  .describe("`segment`: a saved directory query, re-evaluated on every read; `stores`: stores picked by hand");

export const listParamsSchema = z.object({ id: z.uuid().describe("The list's id") });
export type ListParams = z.infer<typeof listParamsSchema>;

const nameSchema = z.string().trim().min(1).max(100).describe("The list's name, 1 to 100 characters");
const slugsSchema = z.array(storeSlugSchema).min(1).max(500).describe("Store slugs (as in /stores/<slug>), at most 500 a request");

/**
 * POST /api/lists. A segment is the query of GET /api/stores (its filters and sort; paging is
 * dropped), as a query string (`app=klaviyo&country=DE`, the directory's shareable URL) or as
 * an object of the same keys.
 */
export const createListBodySchema = z
  .object({
    name: nameSchema,
    segment: z
      .union([z.string().max(2_000), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])
      .optional()
      .describe("A directory query (GET /api/stores's filters and sort) as a query string or an object; makes a segment list"),
    stores: slugsSchema.optional().describe("Analyzed stores' slugs; makes a hand-picked list"),
    alerts: z.boolean().default(false).describe("Alert the owner of events on the list's stores"),
  })
  .refine((body) => (body.segment === undefined) !== (body.stores === undefined), {
    message: "Give either a segment or stores, one of them and not both",
    path: ["segment"],
  })
  // The refinement above, said in the document's JSON Schema (zod cannot convert a refinement).
  .meta({ oneOf: [{ required: ["segment"] }, { required: ["stores"] }] });
export type CreateListBody = z.infer<typeof createListBodySchema>;

/** PATCH /api/lists/:id: any subset. */
export const updateListBodySchema = z.object({
  name: nameSchema.optional(),
  alerts: z.boolean().optional().describe("Alerts for every store of the list, on or off"),
  seen: z
    .literal(true)
    .optional()
    .describe("Marks the list seen now: its changes are measured from here on, and a segment's stores as of now are kept"),
});
export type UpdateListBody = z.infer<typeof updateListBodySchema>;

/** POST and DELETE /api/lists/:id/stores. */
export const listStoresBodySchema = z.object({ stores: slugsSchema });
export type ListStoresBody = z.infer<typeof listStoresBodySchema>;

export const listStoreSchema = z.object({ slug: z.string(), domain: z.string(), name: z.string().nullable() });
export type ListStoreRef = z.infer<typeof listStoreSchema>;

export const listSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: listKindSchema,
  segment: z
    .record(z.string(), z.string())
    .nullable()
    .describe("The saved directory query of a segment list, GET /api/stores's query values as given (null for hand-picked)"),
  segment_query: z.string().nullable().describe("The same query as GET /api/stores's query string (null for hand-picked)"),
  store_count: z.number().int().describe("Stores in the list now (a segment's count in the directory now)"),
  alerts: z.boolean(),
  seen_at: z.string().describe("The owner's last visit (ISO 8601): changes are counted from here"),
  created_at: z.string(),
  updated_at: z.string(),
  export_urls: z.object({ csv: z.url(), json: z.url() }),
});
export type ListView = z.infer<typeof listSchema>;

export const listLimitsSchema = z.object({
  plan: z.string(),
  lists: z.number().int().describe("Lists the plan allows"),
  stores_per_list: z.number().int().describe("Stores a list follows at most (a bigger segment is followed over its first stores)"),
  used: z.number().int().describe("Lists saved"),
});

/** GET /api/lists. */
export const listListsSchema = z.object({ data: z.array(listSchema), limits: listLimitsSchema });
export type ListLists = z.infer<typeof listListsSchema>;

/** GET /api/lists/:id: the list and a page of its stores. */
export const listDetailSchema = listSchema.extend({
  stores: z.array(listStoreSchema).describe("The list's stores now, at most the plan's stores per list"),
  capped: z.boolean().describe("A segment with more stores than the plan follows: `stores` holds the first ones of its order"),
});
export type ListDetail = z.infer<typeof listDetailSchema>;

export const deleteListResultSchema = z.object({ deleted: z.literal(true) });

/** POST/DELETE /api/lists/:id/stores. */
export const listStoresResultSchema = z.object({
  store_count: z.number().int(),
  changed: z.number().int().describe("Stores added (POST) or removed (DELETE) by this request"),
  unknown: z.array(z.string()).describe("Slugs of no analyzed store: nothing was done for them"),
});
export type ListStoresResult = z.infer<typeof listStoresResultSchema>;

export const listEventSchema = timelineEventSchema.extend({ store: listStoreSchema });
export type ListEvent = z.infer<typeof listEventSchema>;

/** GET /api/lists/:id/changes. */
export const listChangesSchema = z.object({
  since: z.string().describe("The moment changes are counted from: the last visit (seen_at), or `since` when given"),
  entered: z.array(listStoreSchema).describe("Stores the segment holds now and did not at the last visit (empty for a hand-picked list)"),
  left: z.array(listStoreSchema).describe("Stores the segment held at the last visit and no longer does"),
  events: z.array(listEventSchema).describe("Technology and catalog events on the list's stores since then, newest first, at most `limit`"),
  events_total: z.number().int().describe("Every such event, past the ones answered"),
});
export type ListChanges = z.infer<typeof listChangesSchema>;

export const listChangesQuerySchema = z.object({
  since: z.iso.datetime({ offset: true }).optional().describe("Count from this moment instead of the last visit (ISO 8601)"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ListChangesQuery = z.infer<typeof listChangesQuerySchema>;

/** 402 of POST /api/lists and POST /api/lists/:id/stores when the plan's lists or stores per list are all taken. */
export const listLimitBodySchema = z.object({
  error: z.string(),
  code: z.literal("payment_required"),
  reason: z.enum(["list_limit", "list_store_limit"]),
  plan: z.string(),
  limit: z.number().int(),
  used: z.number().int(),
  upgrade_url: z.url().describe("The pricing page, where Pro raises the limit"),
});
