ALTER TABLE "reports" ADD COLUMN "store_facts" jsonb;--> statement-breakpoint
-- Reports completed before store facts were recorded. The report its store's row follows (the
-- latest) takes that row, which is what its body showed until now. An older one takes what it
-- recorded itself: its metadata (name, description, country, base currency, theme), its summary
-- (counts) and its job's completion time, the values the pipeline wrote to the store row when it
-- completed; a value it does not hold is null. The site's address of that time is unknown
-- (base_url null): such a report's links use the current BASE_URL. Report rows are immutable
-- (migration 0001), so this one-off fill passes the trigger.
ALTER TABLE "reports" DISABLE TRIGGER "reports_immutable";--> statement-breakpoint
UPDATE "reports" AS r SET "store_facts" = CASE
  WHEN s."latest_job_id" = r."job_id" THEN jsonb_build_object(
    'slug', s."slug",
    'domain', s."domain",
    'name', s."name",
    'description', s."description",
    'country', s."country",
    'currency', s."currency",
    'theme', s."theme_name",
    'product_count', s."product_count",
    'collection_count', s."collection_count",
    'page_count', s."page_count",
    'last_analyzed_at', to_char(s."last_analyzed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'base_url', NULL
  )
  ELSE jsonb_build_object(
    'slug', s."slug",
    'domain', s."domain",
    'name', CASE WHEN jsonb_typeof(r."metadata" #> '{name,value}') = 'string' THEN r."metadata" #> '{name,value}' END,
    'description', CASE WHEN jsonb_typeof(r."metadata" #> '{description,value}') = 'string' THEN r."metadata" #> '{description,value}' END,
    'country', CASE WHEN jsonb_typeof(r."metadata" #> '{country,value}') = 'string' THEN r."metadata" #> '{country,value}' END,
    'currency', CASE WHEN jsonb_typeof(r."metadata" #> '{base_currency,value}') = 'string' THEN r."metadata" #> '{base_currency,value}' END,
    'theme', CASE WHEN jsonb_typeof(r."metadata" #> '{theme,value,name}') = 'string' THEN r."metadata" #> '{theme,value,name}' END,
    'product_count', CASE WHEN jsonb_typeof(r."summary" -> 'product_count') = 'number' THEN r."summary" -> 'product_count' END,
    'collection_count', CASE WHEN jsonb_typeof(r."summary" -> 'collection_count') = 'number' THEN r."summary" -> 'collection_count' END,
    'page_count', CASE WHEN jsonb_typeof(r."summary" -> 'page_count') = 'number' THEN r."summary" -> 'page_count' END,
    'last_analyzed_at', to_char(j."completed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'base_url', NULL
  )
END
FROM "jobs" AS j, "stores" AS s
WHERE j."id" = r."job_id" AND s."id" = r."store_id";--> statement-breakpoint
ALTER TABLE "reports" ENABLE TRIGGER "reports_immutable";
