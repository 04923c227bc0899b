import type { PrincipalUser } from "@/lib/auth/principal-user";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { trackedStoreLimit } from "./plan-limit";
import { countTrackedStores, loadTrackedStoreViews } from "./tracked-store-views";

/** GET /api/shops: the caller's tracked stores with their store, latest job and monitoring state. */
export async function listTrackedStores(user: PrincipalUser, query: PaginationQuery) {
  const total = await countTrackedStores(user.id);
  const data = await loadTrackedStoreViews({ userId: user.id, offset: offsetOf(query), limit: query.per_page });

  return { ...paginated(data, query, total), limit: { plan: user.plan, tracked: total, max: trackedStoreLimit(user) } };
}
