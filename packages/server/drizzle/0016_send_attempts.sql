-- Sends whose outcome is unknown (issue 14, docs/architecture.md "Jobs"): a job's lease is renewed
-- while it runs and is short, so an interrupted send comes back within seconds instead of minutes.
-- `claim_id` names the claim that holds a job: a run whose claim is gone (its lease ran out and
-- another process took the job) may not record anything on it, finish it or retry it. The send
-- job keeps its attempts in its payload (no column): when a request was handed to the Graph API
-- whose answer was never stored, and since when a status webhook naming it is awaited.
ALTER TABLE "jobs" ADD COLUMN "claim_id" uuid;
