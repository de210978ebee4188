-- Job wake-ups for several processes (src/jobs/jobWakeups.ts): a statement that queues jobs
-- notifies channel `sapa_jobs` with the kinds it queued (comma-separated), delivered when its
-- transaction commits (and never when it rolls back), so a process that runs those kinds claims
-- them at once rather than at its next poll: an automation process the messages a web process
-- took in, a web process the sends an automation process's rules queued. PGlite (one process)
-- has no listener; the notification goes nowhere.
CREATE OR REPLACE FUNCTION sapa_notify_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(DISTINCT kind, ',') INTO kinds FROM queued;
  IF kinds IS NOT NULL THEN
    PERFORM pg_notify('sapa_jobs', kinds);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_notify ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs REFERENCING NEW TABLE AS queued
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_notify_jobs();
