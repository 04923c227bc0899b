ALTER TABLE "stores" ADD COLUMN "tag_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "agent_readiness" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_tag_kinds_index" ON "stores" USING gin ("tag_kinds");--> statement-breakpoint
CREATE INDEX "stores_languages_index" ON "stores" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "stores_markets_index" ON "stores" USING gin ("markets");--> statement-breakpoint
CREATE INDEX "stores_agent_readiness_index" ON "stores" USING gin ("agent_readiness");--> statement-breakpoint
-- Backfill the one of these every completed report already holds, the ships-to countries of the
-- store's latest report, as lib/store-directory/store-technologies.ts reads them (two-letter
-- codes, upper-case, each once). Tags, languages and agent readiness wait for the next analysis.
UPDATE "stores" SET "markets" = coalesce((
  SELECT array_agg(DISTINCT upper(trim(c.code)) ORDER BY upper(trim(c.code)))
  FROM "reports" r
  CROSS JOIN LATERAL jsonb_array_elements_text(
    CASE WHEN jsonb_typeof(r."metadata"->'ships_to_countries'->'value') = 'array' THEN r."metadata"->'ships_to_countries'->'value' ELSE '[]'::jsonb END
  ) AS c(code)
  WHERE r."job_id" = "stores"."latest_job_id" AND upper(trim(c.code)) ~ '^[A-Z]{2}$'
), '{}'::text[])
WHERE "latest_job_id" IS NOT NULL;
