ALTER TABLE "snapshot_products" ADD COLUMN "title_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "snapshot_products" ADD COLUMN "vendor_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "snapshot_products" ADD COLUMN "type_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "snapshot_products" ADD COLUMN "price_min" numeric;--> statement-breakpoint
ALTER TABLE "snapshot_products" ADD COLUMN "price_max" numeric;--> statement-breakpoint
ALTER TABLE "snapshot_products" ADD COLUMN "variant_count" integer;--> statement-breakpoint
ALTER TABLE "snapshot_products" ADD COLUMN "search_text" text;--> statement-breakpoint
-- Backfill rows written before these columns existed, as lib/reports/snapshot-listing-columns.ts
-- computes them (digit runs zero-padded to 20), except that SQL cannot strip accents portably: an accented title of an old
-- snapshot sorts by its accented letters. Completed snapshots are frozen by a trigger, which
-- this one-off fill must pass.
ALTER TABLE "snapshot_products" DISABLE TRIGGER "snapshot_products_frozen";--> statement-breakpoint
UPDATE "snapshot_products" SET
  "title_key" = regexp_replace(regexp_replace(lower("title"), '([0-9]+)', '00000000000000000000\1', 'g'), '0*([0-9]{20,})', '\1', 'g'),
  "vendor_key" = regexp_replace(regexp_replace(lower(nullif("data"->>'vendor', '')), '([0-9]+)', '00000000000000000000\1', 'g'), '0*([0-9]{20,})', '\1', 'g'),
  "type_key" = regexp_replace(regexp_replace(lower(nullif("data"->>'productType', '')), '([0-9]+)', '00000000000000000000\1', 'g'), '0*([0-9]{20,})', '\1', 'g'),
  "price_min" = CASE WHEN "data"->>'priceMin' ~ '^\s*-?[0-9]+(\.[0-9]*)?\s*$' THEN ("data"->>'priceMin')::numeric END,
  "price_max" = CASE WHEN "data"->>'priceMax' ~ '^\s*-?[0-9]+(\.[0-9]*)?\s*$' THEN ("data"->>'priceMax')::numeric END,
  "variant_count" = CASE WHEN jsonb_typeof("data"->'variants') = 'array' THEN jsonb_array_length("data"->'variants') ELSE 0 END,
  "search_text" = lower(concat_ws(E'\n',
    "title",
    "handle",
    nullif("data"->>'vendor', ''),
    nullif("data"->>'productType', ''),
    (SELECT string_agg(nullif(tag, ''), E'\n') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof("data"->'tags') = 'array' THEN "data"->'tags' ELSE '[]'::jsonb END) AS tag),
    (SELECT string_agg(nullif(variant->>'sku', ''), E'\n') FROM jsonb_array_elements(CASE WHEN jsonb_typeof("data"->'variants') = 'array' THEN "data"->'variants' ELSE '[]'::jsonb END) AS variant)
  ));--> statement-breakpoint
ALTER TABLE "snapshot_products" ENABLE TRIGGER "snapshot_products_frozen";--> statement-breakpoint
CREATE INDEX "snapshot_products_job_id_title_key_product_id_index" ON "snapshot_products" USING btree ("job_id","title_key","product_id");
