import { route } from "@/lib/endpoints/route";
import { getStoreTimelineEndpoint } from "@/lib/history/endpoints";
import { getStoreTimeline } from "@/lib/history/get-store-timeline";

export const dynamic = "force-dynamic";

// GET /api/stores/:slug/timeline – a store's technology and catalog events, first and last seen per technology
export const GET = route(getStoreTimelineEndpoint, ({ params, query }) => getStoreTimeline(params.slug, query));
