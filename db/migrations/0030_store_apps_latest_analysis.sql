-- hand-written:
-- A store is filed under the apps of its latest completed analysis only: since this migration
-- they are written with its report, replacing the previous analysis's (recordDetectedApps). The
-- rows kept before it were written while jobs ran, failed ones too, and never removed: a store no
-- analysis completed for loses them all; a store whose latest report lists its apps loses those
-- it does not list. A store whose latest report holds no list keeps its rows: nothing says which went.
DELETE FROM "store_apps" sa
USING "stores" s
WHERE s."id" = sa."store_id" AND (
  s."latest_job_id" IS NULL
  OR EXISTS (
    SELECT 1 FROM "reports" r
    WHERE r."job_id" = s."latest_job_id"
      AND jsonb_typeof(r."metadata"->'apps'->'value') = 'array'
      AND NOT EXISTS (
        SELECT 1
        FROM jsonb_array_elements(
          CASE WHEN jsonb_typeof(r."metadata"->'apps'->'value') = 'array' THEN r."metadata"->'apps'->'value' ELSE '[]'::jsonb END
        ) AS a(app)
        WHERE a.app->>'slug' = sa."app_slug"
      )
  )
);--> statement-breakpoint
-- The rows left are the latest report's: they name its job and its evidence, not a later failed job's.
UPDATE "store_apps" sa
SET "job_id" = s."latest_job_id",
  "evidence" = coalesce((
    SELECT a.app->>'evidence'
    FROM "reports" r
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(r."metadata"->'apps'->'value') = 'array' THEN r."metadata"->'apps'->'value' ELSE '[]'::jsonb END
    ) AS a(app)
    WHERE r."job_id" = s."latest_job_id" AND a.app->>'slug' = sa."app_slug"
    LIMIT 1
  ), sa."evidence")
FROM "stores" s
WHERE s."id" = sa."store_id"
  AND sa."job_id" IS DISTINCT FROM s."latest_job_id"
  AND EXISTS (
    SELECT 1 FROM "reports" r
    WHERE r."job_id" = s."latest_job_id" AND jsonb_typeof(r."metadata"->'apps'->'value') = 'array'
  );
