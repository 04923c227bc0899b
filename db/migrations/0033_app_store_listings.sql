CREATE TABLE "app_store_listings" (
	"handle" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text,
	"developer" text,
	"category" text,
	"rating" real,
	"review_count" integer,
	"icon_url" text,
	"description" text,
	"app_slug" text,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetched_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_store_listings_status" CHECK ("app_store_listings"."status" in ('pending', 'found', 'not_found', 'error')),
	CONSTRAINT "app_store_listings_found_named" CHECK ("app_store_listings"."status" <> 'found' or ("app_store_listings"."name" is not null and "app_store_listings"."app_slug" is not null))
);
--> statement-breakpoint
ALTER TABLE "app_store_listings" ADD CONSTRAINT "app_store_listings_app_slug_apps_slug_fk" FOREIGN KEY ("app_slug") REFERENCES "public"."apps"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_store_listings_next_check_at_index" ON "app_store_listings" USING btree ("next_check_at");