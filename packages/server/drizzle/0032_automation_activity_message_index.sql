-- The automation engine judges a batch of customers' messages and reads, with them, the activity
-- lines they have already (a job run again, or by a second process), so the lines of what does not
-- act (skips, firings that change nothing) can be written together once the batch is judged
-- (src/automation/batchLines.ts). Also what a message's deletion (`ON DELETE SET NULL`) scans.
CREATE INDEX "automation_activity_message_idx" ON "automation_activity" USING btree ("message_id") WHERE "automation_activity"."message_id" is not null;
