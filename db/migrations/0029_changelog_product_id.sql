ALTER TABLE "changelog_entries" ADD COLUMN "product_id" bigint;--> statement-breakpoint
CREATE INDEX "changelog_entries_store_id_product_id_created_at_index" ON "changelog_entries" USING btree ("store_id","product_id","created_at");--> statement-breakpoint
-- hand-written: the product of older changelog rows, where the snapshots still say it (a product's own id; a variant's product from the snapshot of either analysis). The rest stay null and answers say so.
UPDATE "changelog_entries" SET "product_id" = "subject_id"::bigint WHERE "subject" = 'product' AND "product_id" IS NULL AND "subject_id" ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "changelog_entries" c SET "product_id" = p."product_id"
FROM "snapshot_products" p
WHERE c."product_id" IS NULL
  AND c."subject" IN ('variant', 'price', 'availability')
  AND c."subject_id" ~ '^[0-9]+$'
  AND p."job_id" IN (c."job_id", c."previous_job_id")
  AND p."data" -> 'variants' @> jsonb_build_array(jsonb_build_object('id', c."subject_id"::bigint));
