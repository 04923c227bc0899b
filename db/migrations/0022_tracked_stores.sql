ALTER TABLE "tracked_shops" RENAME TO "tracked_stores";--> statement-breakpoint
ALTER TABLE "tracked_stores" RENAME CONSTRAINT "tracked_shops_pkey" TO "tracked_stores_pkey";--> statement-breakpoint
ALTER TABLE "tracked_stores" RENAME CONSTRAINT "tracked_shops_user_id_users_id_fk" TO "tracked_stores_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tracked_stores" RENAME CONSTRAINT "tracked_shops_store_id_stores_id_fk" TO "tracked_stores_store_id_stores_id_fk";--> statement-breakpoint
ALTER INDEX "tracked_shops_user_id_store_id_index" RENAME TO "tracked_stores_user_id_store_id_index";--> statement-breakpoint
ALTER INDEX "tracked_shops_store_id_index" RENAME TO "tracked_stores_store_id_index";