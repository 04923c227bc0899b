CREATE TABLE "product_sale_signals" (
	"store_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"interval_days" real NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_sale_signals_job_id_product_id_pk" PRIMARY KEY("job_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "inventory_events" ADD COLUMN "previous_quantity" integer;--> statement-breakpoint
ALTER TABLE "inventory_events" ADD COLUMN "interval_days" real;--> statement-breakpoint
ALTER TABLE "product_sale_signals" ADD CONSTRAINT "product_sale_signals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sale_signals" ADD CONSTRAINT "product_sale_signals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sale_signals_store_id_occurred_at_index" ON "product_sale_signals" USING btree ("store_id","occurred_at");