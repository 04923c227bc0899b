CREATE TABLE "report_bodies" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"etag" text NOT NULL,
	"gzip" "bytea" NOT NULL,
	"brotli" "bytea" NOT NULL,
	"identity_length" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_bodies" ADD CONSTRAINT "report_bodies_job_id_reports_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."reports"("job_id") ON DELETE cascade ON UPDATE no action;