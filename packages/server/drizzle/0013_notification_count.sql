-- The bell collapses "customer waiting" per conversation (issue 13, docs/profile-and-notifications.md):
-- an unread one counts the customer's messages it stands for, and answering or opening the
-- conversation marks it read (found by conversation through the partial index).
ALTER TABLE "notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_waiting_conversation_idx" ON "notifications" USING btree ("conversation_id") WHERE "notifications"."kind" = 'customer_waiting' and "notifications"."read_at" is null;
