CREATE TABLE "render_screenshots" (
	"job_id" uuid NOT NULL,
	"size" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_screenshots_job_id_size_pk" PRIMARY KEY("job_id","size")
);
--> statement-breakpoint
ALTER TABLE "render_screenshots" ADD CONSTRAINT "render_screenshots_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A completed job's screenshots are part of its report (GET /api/reports/:id/screenshots/:size)
-- and never change: the render step writes them before the job completes, and nothing may add,
-- replace or drop one afterwards, except the purge command for the one job it names.
CREATE TRIGGER render_screenshots_kept BEFORE INSERT OR UPDATE OR DELETE ON render_screenshots
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_completed_job_rows();
