/**
 * How long a shared cache may answer for a completed report by job id (its JSON, its pages and
 * its screenshots) before asking again. Their bytes never change while the report exists, but an
 * operator can purge it (`npm run report:purge`, then 410), and a purge must reach the caches:
 * "immutable for a year" would keep a hostile page's picture served from them for a year. Asking
 * again is cheap: every such answer carries a strong ETag, and If-None-Match gets a 304.
 */
export const REPORT_MAX_AGE_SECONDS = 300;

export const REPORT_BY_JOB_CACHE_CONTROL = `public, max-age=${REPORT_MAX_AGE_SECONDS}, must-revalidate`;
