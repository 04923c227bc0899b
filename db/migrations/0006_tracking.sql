CREATE TABLE "monitored_stores" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_job_id" uuid,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_code" text,
	"paused_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_daily_catalog" (
	"store_id" uuid NOT NULL,
	"day" text NOT NULL,
	"job_id" uuid NOT NULL,
	"products" integer NOT NULL,
	"variants" integer NOT NULL,
	"available_variants" integer NOT NULL,
	"price_min" real,
	"price_max" real,
	"price_avg" real,
	"total_inventory" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_daily_catalog_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "store_daily_changes" (
	"store_id" uuid NOT NULL,
	"day" text NOT NULL,
	"type" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "store_daily_changes_store_id_day_type_pk" PRIMARY KEY("store_id","day","type")
);
--> statement-breakpoint
ALTER TABLE "monitored_stores" ADD CONSTRAINT "monitored_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_daily_catalog" ADD CONSTRAINT "store_daily_catalog_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_daily_changes" ADD CONSTRAINT "store_daily_changes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;