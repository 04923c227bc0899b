import { route } from "@/lib/endpoints/route";
import { created } from "@/lib/http/responses";
import { createList } from "@/lib/lists/create-list";
import { createListEndpoint, listListsEndpoint } from "@/lib/lists/endpoints";
import { listLists } from "@/lib/lists/get-list";

export const dynamic = "force-dynamic";

// GET /api/lists – the caller's saved lists with their store counts and the plan's limits
export const GET = route(listListsEndpoint, ({ user }) => listLists(user));

// POST /api/lists – save a segment (a directory query) or hand-picked stores as a list
export const POST = route(createListEndpoint, async ({ user, body }) => created(await createList(user, body)));
