import { technologyExportAnswer } from "@/lib/export/technology-export-answer";
import { technologyExportOptionsSchema } from "@/lib/export/schemas";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import {
  createListBodySchema,
  deleteListResultSchema,
  listChangesQuerySchema,
  listChangesSchema,
  listDetailSchema,
  listLimitBodySchema,
  listListsSchema,
  listParamsSchema,
  listSchema,
  listStoresBodySchema,
  listStoresResultSchema,
  updateListBodySchema,
} from "./schemas";

// A signed-in user's saved lists: segments of the directory and hand-picked stores, what changed
// in them since the last visit, and alerts for all their stores (docs/lists-and-exports.md).
// Another user's list answers 404, the same as none.

export const listListsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/lists",
  access: "account",
  operationId: "listLists",
  tag: "lists",
  summary: "Your saved lists (segments and hand-picked stores), each with its store count now, and your plan's list limits",
  description: "Only the caller's own lists, newest first, with the plan's limits (lists, stores per list) beside them.",
  answers: { 200: { schema: listListsSchema } },
});

export const createListEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/lists",
  access: "account",
  operationId: "createList",
  tag: "lists",
  summary:
    "Save a list: a segment (GET /api/stores's filters, as a query string or object) or hand-picked store slugs; 402 list_limit or list_store_limit past the plan's limits",
  body: createListBodySchema,
  description:
    "Exactly one of segment or stores (400 otherwise). A segment keeps at most 40 filters and is re-evaluated on every read; stores must name analyzed stores (400 listing unknown slugs). 402 list_limit when the plan's lists are used up, list_store_limit past its stores per list.",
  answers: { 201: { schema: listSchema }, 400: "error", 402: { schema: listLimitBodySchema } },
});

export const getListEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/lists/:id",
  access: "account",
  operationId: "getList",
  tag: "lists",
  summary: "One of your lists with its stores now (a segment evaluated against the directory, up to the plan's stores per list)",
  params: listParamsSchema,
  description:
    "404 for another account's list or an unknown id (400 for an id that is not a UUID). A segment's stores are those the directory answers now.",
  answers: { 200: { schema: listDetailSchema }, 400: "error", 404: "error" },
});

export const updateListEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/lists/:id",
  access: "account",
  operationId: "updateList",
  tag: "lists",
  summary: "Rename a list, turn alerts for its stores on or off, or mark it seen (seen: true) so its changes count from now",
  params: listParamsSchema,
  body: updateListBodySchema,
  description: "Any subset of name (1 to 100 characters), alerts and seen. 404 for another account's list or an unknown id.",
  answers: { 200: { schema: listDetailSchema }, 400: "error", 404: "error" },
});

export const deleteListEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/lists/:id",
  access: "account",
  operationId: "deleteList",
  tag: "lists",
  summary: "Delete a list (the stores stay in the directory)",
  params: listParamsSchema,
  description: "The list goes; its stores, their reports and your tracking stay. 404 for another account's list or an unknown id.",
  answers: { 200: { schema: deleteListResultSchema }, 400: "error", 404: "error" },
});

export const addListStoresEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/lists/:id/stores",
  access: "account",
  operationId: "addListStores",
  tag: "lists",
  summary:
    "Add analyzed stores (by slug) to a hand-picked list; 409 for a segment list, 402 list_store_limit past the plan's stores per list",
  params: listParamsSchema,
  body: listStoresBodySchema,
  description:
    "Slugs already on the list change nothing; slugs that name no analyzed store are answered in unknown, not added. The count is checked after adding: 402 list_store_limit refuses the whole request. 404 for another account's list or an unknown id.",
  answers: { 200: { schema: listStoresResultSchema }, 400: "error", 402: { schema: listLimitBodySchema }, 404: "error", 409: "error" },
});

export const removeListStoresEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/lists/:id/stores",
  access: "account",
  operationId: "removeListStores",
  tag: "lists",
  summary: "Remove stores (by slug) from a hand-picked list; 409 for a segment list",
  params: listParamsSchema,
  body: listStoresBodySchema,
  description:
    "Slugs not on the list change nothing; slugs that name no analyzed store are answered in unknown. 404 for another account's list or an unknown id.",
  answers: { 200: { schema: listStoresResultSchema }, 400: "error", 404: "error", 409: "error" },
});

export const getListChangesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/lists/:id/changes",
  access: "account",
  operationId: "getListChanges",
  tag: "lists",
  summary:
    "What changed in a list since your last visit (or since): stores that entered or left a segment, and technology and catalog events on its stores, newest first",
  params: listParamsSchema,
  query: listChangesQuerySchema,
  description:
    "Changes since the list was last marked seen (PATCH with seen: true), or since the given moment; limit at most 200 events. Reading does not mark the list seen. 404 for another account's list or an unknown id.",
  answers: { 200: { schema: listChangesSchema }, 400: "error", 404: "error" },
});

export const exportListEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/lists/:id/export",
  access: "account",
  operationId: "exportList",
  tag: "lists",
  summary:
    "Your list's stores now with their technology profiles, one row per store, as CSV or JSON (streamed download); evidence=1 adds the evidence column",
  params: listParamsSchema,
  query: technologyExportOptionsSchema,
  description:
    "A download (Content-Disposition: attachment), CSV by default or JSON (format=json), of the list's stores now. Never cached (private, no-store). 404 for another account's list or an unknown id.",
  answers: { 200: technologyExportAnswer, 400: "error", 404: "error" },
});
