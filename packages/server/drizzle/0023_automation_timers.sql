-- Automation's timers, agent assignment and notes (issue 18, src/automation/timers.ts,
-- assignAgent.ts, events.ts; src/realtime/presence.ts). The timers live in `automation_timers`
-- (0020), each with its job on the job table; this adds what assignment and notes need.
--
-- Presence: which members have a socket open, correct with several server processes on one
-- database. Each process registers itself and renews `heartbeat_at`; its sockets are rows of
-- `socket_presence`. A member is online while one of their sockets belongs to a process whose
-- heartbeat is recent: a process that dies stops renewing, its sockets stop counting at once
-- when the heartbeat expires, and the next process to renew its own deletes the dead one's rows.
CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "socket_presence" (
	"process_id" uuid NOT NULL REFERENCES "server_processes"("id") ON DELETE CASCADE,
	"socket_id" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"connected_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("process_id", "socket_id")
);--> statement-breakpoint
CREATE INDEX "socket_presence_user_idx" ON "socket_presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "server_processes_heartbeat_idx" ON "server_processes" USING btree ("heartbeat_at");--> statement-breakpoint
-- When a conversation was last assigned to the member (round robin's `lastAssignedAt`): set by
-- automation's assignment under the pool's row locks, so two processes rotate as one.
ALTER TABLE "project_members" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
-- A rule's `notify` action: the note reaches the bell (subject: the customer; actor_name: the note).
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'automation_note';
