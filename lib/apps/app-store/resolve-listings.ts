import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import type { StoreFetchOptions } from "@/lib/shopify-reader/fetch-store";
import { currentTime } from "@/lib/time-of-record";
import { countLookupsSince, listDueAppListings, recordListingLookup } from "./app-store-listings";
import { lookUpListing, type ListingLookup } from "./look-up-listing";

/**
 * Lookups one run of resolve-app-listings makes at most. Paced at SCRAPER_MIN_INTERVAL_MS and cut
 * at LOOKUP_TIMEOUT_MS each, a run stays within minutes; what is left waits for the next run.
 */
export const MAX_LOOKUPS_PER_RUN = 20;

/**
 * Lookups in any hour at most, whatever asks for runs: the App Store is one site every analysis
 * shares, and stores that name thousands of unknown handles must not turn us into its load.
 */
export const MAX_LOOKUPS_PER_HOUR = 120;

/** The handles due for a lookup at `at`, within the hourly budget (none when App Store lookups are turned off). */
export async function listHandlesToLookUp(at: Date, limit = MAX_LOOKUPS_PER_RUN): Promise<string[]> {
  if (!getEnv().APP_STORE_LOOKUPS) return [];
  const made = await countLookupsSince(new Date(at.getTime() - 60 * 60 * 1000));
  const budget = Math.min(limit, MAX_LOOKUPS_PER_HOUR - made);

  return budget > 0 ? listDueAppListings(at, budget) : [];
}

/**
 * Looks one handle up on the App Store and keeps the answer. Never throws: whatever goes wrong
 * is kept as an error of the handle, which backs off, so one bad listing cannot stall the rest.
 */
export async function lookUpAndRecordListing(handle: string, options: StoreFetchOptions = {}): Promise<ListingLookup["status"]> {
  let lookup: ListingLookup;
  try {
    lookup = await lookUpListing(handle, options);
  } catch (error) {
    logger.warn("app store lookup failed", { handle, error: String(error) });
    lookup = { status: "error", message: error instanceof Error ? error.message : String(error) };
  }
  await recordListingLookup(handle, lookup, currentTime());

  return lookup.status;
}
