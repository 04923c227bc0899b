import { listStoresQuerySchema, type ListStoresQuery } from "./schemas";

/** The filters of a segment, in the order its address names them. */
export const SEGMENT_FILTERS = [
  "q",
  "app",
  "app_any",
  "app_none",
  "installed",
  "removed",
  "within_days",
  "theme",
  "tag",
  "country",
  "currency",
  "language",
  "market",
  "agent",
  "products_min",
  "products_max",
  "price_min",
  "price_max",
  "first_analyzed_from",
  "first_analyzed_to",
  "last_analyzed_from",
  "last_analyzed_to",
] as const satisfies readonly (keyof ListStoresQuery)[];

const DEFAULTS = listStoresQuerySchema.parse({});

/** Whether the window of `installed`/`removed` matters: it narrows nothing without them. */
const windowUsed = (query: ListStoresQuery) => Boolean(query.installed || query.removed);

/** Whether the query narrows the directory by anything (its order and page aside). */
export function isSegment(query: ListStoresQuery): boolean {
  return SEGMENT_FILTERS.some((key) => key !== "within_days" && valueOf(query, key) !== undefined);
}

/** How many filters besides the search box narrow the query: what the folded "Filters" disclosure says it holds. */
export function filtersSet(query: ListStoresQuery): number {
  return SEGMENT_FILTERS.filter((key) => key !== "q" && key !== "within_days" && valueOf(query, key) !== undefined).length;
}

function valueOf(query: ListStoresQuery, key: keyof ListStoresQuery): string | undefined {
  const value = query[key];
  if (value === undefined || value === null || value === "") return undefined;

  return String(value);
}

/**
 * A segment's address: only the filters set (lists comma-separated), and the sort and page only
 * when they are not the defaults, so a shared link says what it filters and nothing else.
 * `extra` adds what only the page knows (its view).
 */
export function segmentSearchParams(query: ListStoresQuery, extra: Record<string, string | undefined> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEGMENT_FILTERS) {
    if (key === "within_days" && (!windowUsed(query) || query.within_days === DEFAULTS.within_days)) continue;
    const value = valueOf(query, key);
    if (value !== undefined) params.set(key, value);
  }
  if (query.sort !== DEFAULTS.sort) params.set("sort", query.sort);
  if (query.per_page !== DEFAULTS.per_page) params.set("per_page", String(query.per_page));
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  if (query.page !== DEFAULTS.page) params.set("page", String(query.page));

  return params;
}

/** `/stores?…` for a segment, `/stores` for the whole directory. */
export function segmentHref(query: ListStoresQuery, extra: Record<string, string | undefined> = {}): string {
  const search = segmentSearchParams(query, extra).toString();

  return search ? `/stores?${search}` : "/stores";
}

/**
 * What a browser's form or a hand-written address sends, as the schema takes it: a repeated field
 * (a multiple select) joined into one comma list, and an empty field dropped (an empty field of
 * the form means "any").
 */
export function segmentInput(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const joined = (Array.isArray(value) ? value : [value])
      .filter((part): part is string => typeof part === "string" && part.trim() !== "")
      .join(",");
    if (joined !== "") input[key] = joined;
  }

  return input;
}
