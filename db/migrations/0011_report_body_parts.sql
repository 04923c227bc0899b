CREATE TABLE "report_body_parts" (
	"job_id" uuid NOT NULL,
	"encoding" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "report_body_parts_job_id_encoding_seq_pk" PRIMARY KEY("job_id","encoding","seq")
);
--> statement-breakpoint
ALTER TABLE "report_body_parts" ADD CONSTRAINT "report_body_parts_job_id_report_bodies_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."report_bodies"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bodies stored before parts existed become one part per encoding.
INSERT INTO "report_body_parts" ("job_id", "encoding", "seq", "bytes") SELECT "job_id", 'gzip', 0, "gzip" FROM "report_bodies";--> statement-breakpoint
INSERT INTO "report_body_parts" ("job_id", "encoding", "seq", "bytes") SELECT "job_id", 'brotli', 0, "brotli" FROM "report_bodies";--> statement-breakpoint
ALTER TABLE "report_body_parts" ADD CONSTRAINT "report_body_parts_encoding_check" CHECK ("encoding" in ('gzip', 'brotli'));--> statement-breakpoint
ALTER TABLE "report_bodies" DROP COLUMN "gzip";--> statement-breakpoint
ALTER TABLE "report_bodies" DROP COLUMN "brotli";