import { defineEndpoint } from "@/lib/http/define-endpoint";
import { storeSlugParamsSchema } from "@/lib/store-domain/schemas";
import { storeTimelineQuerySchema, storeTimelineSchema } from "./schemas";

export const getStoreTimelineEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/stores/:slug/timeline",
  access: "public",
  operationId: "getStoreTimeline",
  tag: "directory",
  summary:
    "A store's history: each technology (apps, theme and its version, pixels and tags, languages, markets, social profiles, agent endpoints) with when it was first and last seen, and the events between consecutive completed analyses (installed, removed, changed; products added or removed, prices changed), each naming the two analyses; newest first, filterable by kind, paginated (page, per_page ≤ 50)",
  params: storeSlugParamsSchema,
  query: storeTimelineQuerySchema,
  description:
    "Events newest first, paginated (page, per_page at most 50); kind narrows them to one event kind. 404 when no analyzed store has the slug. A store analyzed once has technologies but no events yet.",
  answers: { 200: { schema: storeTimelineSchema }, 400: "error", 404: "error" },
});
