import { z } from "zod";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { listStoresQuerySchema, type ListStoresQuery } from "@/lib/store-directory/schemas";

/**
 * A segment is the query of GET /api/stores, the directory's own schema: a filter the directory
 * gains is a filter a list can be saved with, with nothing to change here. Paging is not part of it.
 */
const PAGING = new Set(["page", "per_page"]);

/** A saved segment: the query values as given (strings, as in the URL), each key one the directory validated. */
export type Segment = Record<string, string>;

function rawValues(input: string | Record<string, string | number | boolean>): Segment {
  const entries = typeof input === "string" ? [...new URLSearchParams(input.replace(/^\?/, "")).entries()] : Object.entries(input);
  // The same reading as the route's (one value per key), so a saved segment means what the URL meant.
  return Object.fromEntries(entries.filter(([key, value]) => !PAGING.has(key) && String(value) !== "").map(([k, v]) => [k, String(v)]));
}

/**
 * A segment from a caller, checked strictly by the directory's query schema (a bad filter is a
 * 400, as on GET /api/stores). Kept: the values given for keys the schema knows; keys it does not
 * know are left out rather than saved to mean something later.
 */
export function parseSegment(input: string | Record<string, string | number | boolean>): Segment {
  const raw = rawValues(input);
  const parsed = listStoresQuerySchema.safeParse(raw);
  if (!parsed.success) throw invalidRequest(prefixIssues(parsed.error), "body");
  const known = new Set(Object.keys(listStoresQuerySchema.shape));
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => known.has(key)));
  if (Object.keys(kept).length > 40) throw new ApiError("invalid_request", "A segment has at most 40 filters");

  return kept;
}

function prefixIssues(error: z.ZodError): z.ZodError {
  return new z.ZodError(error.issues.map((issue) => ({ ...issue, path: ["segment", ...issue.path] })));
}

/**
 * A stored segment as the directory's query now, read leniently: a value the schema has since
 * come to refuse, or a key it no longer has, is dropped instead of breaking the list.
 */
export function readSegment(stored: unknown): ListStoresQuery {
  let values: Record<string, unknown> = typeof stored === "object" && stored !== null ? { ...(stored as object) } : {};
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = listStoresQuerySchema.safeParse(values);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    values = Object.fromEntries(Object.entries(values).filter(([key]) => !bad.has(key)));
  }

  return listStoresQuerySchema.parse({});
}

/** The segment as GET /api/stores's query string. */
export function segmentQueryString(segment: Segment): string {
  return new URLSearchParams(segment).toString();
}
