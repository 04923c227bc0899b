// Dependency-free on purpose: the changelog's schemas reach client components through the
// tracked-store endpoints, and these lists must not drag the table definitions into the browser.

export const CHANGE_SUBJECTS = ["product", "variant", "price", "availability", "collection", "page"] as const;

export const CHANGE_KINDS = ["added", "removed", "changed"] as const;
