ALTER TABLE "stores" ADD COLUMN "theme_slug" text GENERATED ALWAYS AS (nullif(trim(both '-' from regexp_replace(lower(theme_name), '[^a-z0-9]+', '-', 'g')), '')) STORED;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "price_min" double precision;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "price_max" double precision;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "price_median" double precision;--> statement-breakpoint
CREATE INDEX "stores_first_analyzed_at_index" ON "stores" USING btree ("first_analyzed_at");--> statement-breakpoint
CREATE INDEX "stores_product_count_index" ON "stores" USING btree ("product_count");--> statement-breakpoint
CREATE INDEX "stores_price_median_index" ON "stores" USING btree ("price_median");--> statement-breakpoint
CREATE INDEX "stores_theme_slug_index" ON "stores" USING btree ("theme_slug");--> statement-breakpoint
CREATE INDEX "stores_country_index" ON "stores" USING btree ("country");--> statement-breakpoint
CREATE INDEX "stores_currency_index" ON "stores" USING btree ("currency");--> statement-breakpoint
-- hand-written: the price columns of every analyzed store from its latest report's summary, so the
-- price filter finds stores analyzed before this migration (a value that is not a plain number is none).
UPDATE "stores" s
SET "price_min" = CASE WHEN r."summary"->>'price_min' ~ '^[0-9]{1,12}(\.[0-9]{1,6})?$' THEN (r."summary"->>'price_min')::double precision END,
  "price_max" = CASE WHEN r."summary"->>'price_max' ~ '^[0-9]{1,12}(\.[0-9]{1,6})?$' THEN (r."summary"->>'price_max')::double precision END,
  "price_median" = CASE WHEN jsonb_typeof(r."summary"->'price_distribution'->'median') = 'number' THEN (r."summary"->'price_distribution'->>'median')::double precision END
FROM "reports" r
WHERE r."job_id" = s."latest_job_id";
