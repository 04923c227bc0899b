import { processSlot } from "@/lib/process-slot";
import { getEnv } from "@/lib/env";
import { ByteLru } from "@/lib/byte-lru";

/**
 * Recently served report bodies, by ETag and encoding. A body with a given ETag never changes
 * (the ETag carries a digest of its bytes), so entries need no invalidation, only a size
 * bound (REPORT_BODY_CACHE_MB), one budget per process.
 */
const cache = processSlot<ByteLru<Buffer>>("report-body-cache").getOrCreate(
  () =>
    new ByteLru<Buffer>(
      () => getEnv().REPORT_BODY_CACHE_MB * 1024 * 1024,
      (bytes) => bytes.length,
    ),
);

const keyOf = (etag: string, encoding: string) => `${encoding} ${etag}`;

export const recallBody = (etag: string, encoding: string): Buffer | undefined => cache.get(keyOf(etag, encoding));

/** Entries larger than a quarter of the budget are never kept (a 30,000-product report's plain JSON is about 30 MB). */
export const largestRememberedBytes = () => cache.largestKept;

export const rememberBody = (etag: string, encoding: string, bytes: Buffer): void => cache.set(keyOf(etag, encoding), bytes);
