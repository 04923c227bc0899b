ALTER TABLE "payments" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_event_at" timestamp with time zone;