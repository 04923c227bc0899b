import type { PrincipalUser } from "@/lib/auth/principal-user";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { trackedShopLimit } from "./plan-limit";
import { countTrackedShops, loadTrackedShopViews } from "./tracked-shop-views";

/** GET /api/shops: the caller's tracked shops with their store, latest job and monitoring state. */
export async function listTrackedShops(user: PrincipalUser, query: PaginationQuery) {
  const total = await countTrackedShops(user.id);
  const data = await loadTrackedShopViews({ userId: user.id, offset: offsetOf(query), limit: query.per_page });

  return { ...paginated(data, query, total), limit: { plan: user.plan, tracked: total, max: trackedShopLimit(user) } };
}
