CREATE TABLE "purged_reports" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_publications" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_publications" ADD CONSTRAINT "report_publications_job_id_reports_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."reports"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_publications" ADD CONSTRAINT "report_publications_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_publications_store_id_published_at_index" ON "report_publications" USING btree ("store_id","published_at");--> statement-breakpoint
CREATE INDEX "report_publications_published_at_index" ON "report_publications" USING btree ("published_at");--> statement-breakpoint
-- A completed report's content never changes (contract: a job's data is immutable once
-- completed). Its stored body, the report row and a completed job's changelog refuse updates
-- and deletes; only the explicit purge command (scripts/purge-report.ts) may delete them, by
-- naming the one job in the transaction-local setting storelens.purge_report.
CREATE OR REPLACE FUNCTION storelens_purging(job uuid) RETURNS boolean AS $$
  SELECT coalesce(current_setting('storelens.purge_report', true), '') = job::text;
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION storelens_keep_report_content() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND storelens_purging(OLD.job_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% of report % are kept for good (purge it with npm run report:purge)', TG_TABLE_NAME, OLD.job_id
    USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_bodies_kept BEFORE UPDATE OR DELETE ON report_bodies
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_report_content();
--> statement-breakpoint
CREATE TRIGGER report_body_parts_kept BEFORE UPDATE OR DELETE ON report_body_parts
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_report_content();
--> statement-breakpoint
CREATE TRIGGER reports_kept BEFORE DELETE ON reports
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_report_content();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION storelens_keep_completed_changelog() RETURNS trigger AS $$
BEGIN
  IF storelens_purging(CASE WHEN TG_OP = 'INSERT' THEN NEW.job_id ELSE OLD.job_id END) THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF EXISTS (
    SELECT 1 FROM jobs WHERE status = 'completed'
      AND id IN (CASE WHEN TG_OP = 'INSERT' THEN NEW.job_id ELSE OLD.job_id END, CASE WHEN TG_OP = 'UPDATE' THEN NEW.job_id END)
  ) THEN
    RAISE EXCEPTION 'changelog of completed job % cannot be changed',
      CASE WHEN TG_OP = 'INSERT' THEN NEW.job_id ELSE OLD.job_id END USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER changelog_entries_kept BEFORE INSERT OR UPDATE OR DELETE ON changelog_entries
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_completed_changelog();
--> statement-breakpoint
-- A completed job's snapshot rows may go (cleanup) only once its report body is stored: the
-- body is then the report's products. One check per statement, not per row.
CREATE OR REPLACE FUNCTION storelens_keep_unstored_snapshot() RETURNS trigger AS $$
DECLARE
  lost uuid;
BEGIN
  SELECT g.job_id INTO lost
  FROM (SELECT DISTINCT job_id FROM gone) g
  JOIN reports r ON r.job_id = g.job_id
  WHERE NOT EXISTS (SELECT 1 FROM report_bodies b WHERE b.job_id = g.job_id)
    AND NOT storelens_purging(g.job_id)
  LIMIT 1;
  IF lost IS NOT NULL THEN
    RAISE EXCEPTION 'snapshot of report % has no stored body yet and cannot be deleted', lost USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER snapshot_products_kept_until_stored AFTER DELETE ON snapshot_products
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION storelens_keep_unstored_snapshot();
