-- Invariants of the contract, held by the database itself.
-- 1. A completed job never changes again.
CREATE OR REPLACE FUNCTION storelens_freeze_completed_job() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'completed' THEN
    RAISE EXCEPTION 'job % is completed and cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_freeze_completed BEFORE UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION storelens_freeze_completed_job();
--> statement-breakpoint
-- 2. A report is written once, never updated.
CREATE OR REPLACE FUNCTION storelens_reject_update() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reports_immutable BEFORE UPDATE ON reports
  FOR EACH ROW EXECUTE FUNCTION storelens_reject_update();
--> statement-breakpoint
-- 3. The snapshot of a completed job is frozen with it.
CREATE OR REPLACE FUNCTION storelens_freeze_snapshot() RETURNS trigger AS $$
DECLARE
  job_status text;
BEGIN
  SELECT status INTO job_status FROM jobs WHERE id = COALESCE(NEW.job_id, OLD.job_id);
  IF job_status = 'completed' THEN
    RAISE EXCEPTION 'snapshot of completed job % cannot be changed', COALESCE(NEW.job_id, OLD.job_id)
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN COALESCE(NEW, OLD);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER snapshot_products_frozen BEFORE INSERT OR UPDATE ON snapshot_products
  FOR EACH ROW EXECUTE FUNCTION storelens_freeze_snapshot();
