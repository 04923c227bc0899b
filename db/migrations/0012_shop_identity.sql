-- stores.myshopify_domain used to be copied from the store's own meta.json, which any host can
-- fill with another shop's name. From now on it holds identities Shopify confirmed, one row each.
-- A row that is itself the myshopify host is confirmed by definition; every other stored value
-- was never checked, so it is dropped and recorded again by the store's next confirmed analysis.
UPDATE "stores" SET "myshopify_domain" = NULL WHERE "myshopify_domain" IS DISTINCT FROM "domain";--> statement-breakpoint
CREATE UNIQUE INDEX "stores_myshopify_domain_index" ON "stores" USING btree ("myshopify_domain");
