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
  answers: { 200: technologyExportAnswer, 400: "error", 404: "error" },
});
