-- Automation (issue 18): which customer message started a follow-up run, and stage moves that
-- keep their rule.
--
-- A run set off by a customer's message remembers that message's place in the conversation
-- (`messages.seq`): a later customer message stops it by place, not by time, so a reply written in
-- the same second as the message that started the run (WhatsApp's timestamps count seconds) still
-- stops it. Runs counted from a stage move (and those started before this migration) have none
-- and are stopped by time, as before.
ALTER TABLE "follow_up_runs" ADD COLUMN "anchor_seq" integer;--> statement-breakpoint
-- A stage move made by a rule keeps the rule's id after the rule is deleted (as a message keeps
-- `automation_rule_id`), so "by automation" rests on the rule id and not on a missing member,
-- which a deleted member's moves also have. Moves by rules deleted before this migration lost
-- their id already.
ALTER TABLE "stage_moves" DROP CONSTRAINT IF EXISTS "stage_moves_rule_id_fkey";
