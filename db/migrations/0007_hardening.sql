CREATE TABLE "ip_cooldowns" (
	"ip" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "event_id" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_index" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_fn_id_event_id_index" ON "workflow_runs" USING btree ("fn_id","event_id");