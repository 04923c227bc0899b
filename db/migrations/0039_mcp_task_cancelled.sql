ALTER TABLE "batches" ADD COLUMN "task_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "task_cancelled_at" timestamp with time zone;