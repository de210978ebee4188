-- Job wake-ups by kind (src/jobs/jobWakeups.ts): a statement that queues jobs notifies one
-- channel per kind it queued, `sapa_jobs.<kind>` (0025 notified one channel, `sapa_jobs`, naming
-- the kinds), and each process listens only on the channels of the kinds its runners claim. A web
-- process so no longer hears of every customer message queued for the automation engine (with
-- rules on, one notification per webhook statement: about 200 a second in `pnpm bench
-- automation`), and PostgreSQL signals only the processes that run that kind. Delivered when the
-- transaction commits, never when it rolls back, as before.
CREATE OR REPLACE FUNCTION sapa_notify_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  queued_kind text;
BEGIN
  FOR queued_kind IN SELECT DISTINCT kind FROM queued LOOP
    PERFORM pg_notify('sapa_jobs.' || queued_kind, '');
  END LOOP;
  RETURN NULL;
END;
$$;
