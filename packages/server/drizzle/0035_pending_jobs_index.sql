-- The job claims (`claimJobs`, src/jobs/jobQueue.ts) look only at jobs not done, by due time; the
-- index they use held every job ever done too (`done_at`, then `run_at`), and nothing reads done
-- jobs by it. Now it holds the pending ones only. And room is left in each page of `jobs` so that
-- a claim (the lease, the claim id, the attempt: no indexed column) can be a HOT update, written
-- beside its row with no new index entries: with the pages full, three in four claims and
-- completions were not (bench/README.md, automation, stop 38).
DROP INDEX IF EXISTS "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "done_at" IS NULL;--> statement-breakpoint
ALTER TABLE "jobs" SET (fillfactor = 70);
