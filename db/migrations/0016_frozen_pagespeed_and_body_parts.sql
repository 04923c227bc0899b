-- A completed job's PageSpeed audits are part of its report (GET /api/pagespeed/:jobId) and
-- never change either: the pipeline writes them before the job completes, and nothing may add,
-- replace or drop one afterwards, except the purge command for the one job it names.
CREATE OR REPLACE FUNCTION storelens_keep_completed_job_rows() RETURNS trigger AS $$
BEGIN
  IF storelens_purging(CASE WHEN TG_OP = 'INSERT' THEN NEW.job_id ELSE OLD.job_id END) THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF EXISTS (
    SELECT 1 FROM jobs WHERE status = 'completed'
      AND id IN (CASE WHEN TG_OP = 'INSERT' THEN NEW.job_id ELSE OLD.job_id END, CASE WHEN TG_OP = 'UPDATE' THEN NEW.job_id END)
  ) THEN
    RAISE EXCEPTION '% of completed job % cannot be changed', TG_TABLE_NAME,
      CASE WHEN TG_OP = 'INSERT' THEN NEW.job_id ELSE OLD.job_id END USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pagespeed_audits_kept BEFORE INSERT OR UPDATE OR DELETE ON pagespeed_audits
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_completed_job_rows();
--> statement-breakpoint
-- A stored body's parts are written in the transaction that writes its row
-- (lib/reports/report-body.ts), right after it; once that commits the body is whole, and a part
-- added later would change its bytes under the same ETag. Inserting the row marks its job in a
-- transaction-local setting, and a part is accepted only for the body this transaction stored.
CREATE OR REPLACE FUNCTION storelens_mark_body_being_stored() RETURNS trigger AS $$
BEGIN
  PERFORM set_config('storelens.storing_report_body', NEW.job_id::text, true);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_bodies_mark_storing AFTER INSERT ON report_bodies
  FOR EACH ROW EXECUTE FUNCTION storelens_mark_body_being_stored();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION storelens_keep_stored_body_parts() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('storelens.storing_report_body', true), '') = NEW.job_id::text THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'report_body_parts of report % are kept for good: a body is stored whole, in one transaction', NEW.job_id
    USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_body_parts_stored_whole BEFORE INSERT ON report_body_parts
  FOR EACH ROW EXECUTE FUNCTION storelens_keep_stored_body_parts();
