ALTER TABLE "jobs" ADD COLUMN "step_runs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A completed job still never changes, except that runs of its steps are appended: the report's
-- own steps (store-report-body, notify-callbacks) run after completion, and build-report's run is
-- recorded once its transaction has completed the job. Step runs are measurements, not the job's
-- data, and the report never includes them.
CREATE OR REPLACE FUNCTION storelens_freeze_completed_job() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'completed' AND (
    (to_jsonb(NEW) - 'step_runs') IS DISTINCT FROM (to_jsonb(OLD) - 'step_runs')
    OR NOT (NEW.step_runs @> OLD.step_runs)
  ) THEN
    RAISE EXCEPTION 'job % is completed and cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
