CREATE TABLE "alert_subscriptions" (
	"user_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"kinds" text[] NOT NULL,
	"price_threshold_percent" integer NOT NULL,
	"feed" boolean NOT NULL,
	"email" text NOT NULL,
	"webhook" boolean NOT NULL,
	"muted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_user_id_store_id_pk" PRIMARY KEY("user_id","store_id"),
	CONSTRAINT "alert_subscriptions_threshold" CHECK ("alert_subscriptions"."price_threshold_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"evidence" jsonb NOT NULL,
	"dedup_key" text NOT NULL,
	"in_feed" boolean NOT NULL,
	"read_at" timestamp with time zone,
	"email" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"webhook" boolean NOT NULL,
	"delivery_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_status" integer,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "webhook_attempts_number_positive" CHECK ("webhook_attempts"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"url" text,
	"sealed_secret" text,
	"secret_prefix" text,
	"secret_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_settings" ADD CONSTRAINT "webhook_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_id_dedup_key_index" ON "alerts" USING btree ("user_id","dedup_key");--> statement-breakpoint
CREATE INDEX "alerts_user_id_created_at_index" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_user_id_index" ON "alerts" USING btree ("user_id") WHERE "alerts"."read_at" is null and "alerts"."in_feed";--> statement-breakpoint
CREATE INDEX "alerts_created_at_index" ON "alerts" USING btree ("created_at") WHERE "alerts"."email" = 'daily' and "alerts"."emailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_number_index" ON "webhook_attempts" USING btree ("delivery_id","number");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_user_id_created_at_index" ON "webhook_deliveries" USING btree ("user_id","created_at");