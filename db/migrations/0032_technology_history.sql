CREATE TABLE "technology_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"previous_job_id" uuid NOT NULL,
	"previous_at" timestamp with time zone NOT NULL,
	"technology" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE TABLE "technology_sightings" (
	"store_id" uuid NOT NULL,
	"technology" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"detail" text,
	"first_seen_job_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_job_id" uuid NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"present" boolean NOT NULL,
	CONSTRAINT "technology_sightings_store_id_technology_key_pk" PRIMARY KEY("store_id","technology","key")
);
--> statement-breakpoint
ALTER TABLE "technology_events" ADD CONSTRAINT "technology_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_events" ADD CONSTRAINT "technology_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_sightings" ADD CONSTRAINT "technology_sightings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technology_events_store_id_at_index" ON "technology_events" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "technology_events_job_id_index" ON "technology_events" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "technology_events_technology_key_at_index" ON "technology_events" USING btree ("technology","key","at");