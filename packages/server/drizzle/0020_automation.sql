-- Issue 18: automation. A project's rules (auto-reply, auto-division, auto-stage, follow-ups) in
-- each kind's order; the activity log (what fired for whom, what it did, or why it did not),
-- kept when its rule is deleted; when each rule last fired in each conversation (an auto-reply's
-- quiet period); follow-up runs and their steps (each step sent once: its client id is unique);
-- and the engine's other timers (no-reply triggers, reassignment). Every claim the engine makes
-- across server processes is a unique key here, never a counter in memory.
CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quiet_period_minutes" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_rules_kind_check" CHECK ("automation_rules"."kind" in ('auto_reply', 'auto_division', 'auto_stage', 'follow_up')),
	CONSTRAINT "automation_rules_position_check" CHECK ("automation_rules"."position" >= 0),
	CONSTRAINT "automation_rules_quiet_period_check" CHECK (("automation_rules"."kind" = 'auto_reply') = ("automation_rules"."quiet_period_minutes" is not null))
);--> statement-breakpoint
CREATE TABLE "automation_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"rule_id" uuid,
	"rule_name" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"conversation_id" uuid,
	"message_id" uuid,
	"follow_up_run_id" uuid,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"keyword" text,
	"step" integer,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_activity_kind_check" CHECK ("automation_activity"."kind" in ('auto_reply', 'auto_division', 'auto_stage', 'follow_up')),
	CONSTRAINT "automation_activity_outcome_check" CHECK ("automation_activity"."outcome" in ('fired', 'skipped')),
	CONSTRAINT "automation_activity_reason_check" CHECK ("automation_activity"."outcome" = 'fired' or "automation_activity"."reason" is not null)
);--> statement-breakpoint
CREATE TABLE "automation_fired" (
	"rule_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"last_fired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_fired_rule_id_conversation_id_pk" PRIMARY KEY("rule_id","conversation_id")
);--> statement-breakpoint
CREATE TABLE "follow_up_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"rule_id" uuid,
	"rule_version" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"anchor" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"stage_id" uuid,
	"next_step" integer DEFAULT 0 NOT NULL,
	"last_step_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"cancelled_by" uuid,
	"job_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "follow_up_runs_state_check" CHECK ("follow_up_runs"."state" in ('pending', 'done', 'stopped', 'cancelled')),
	CONSTRAINT "follow_up_runs_anchor_check" CHECK ("follow_up_runs"."anchor" in ('last_customer_message', 'stage_entered')),
	CONSTRAINT "follow_up_runs_reason_check" CHECK (("follow_up_runs"."state" in ('stopped', 'cancelled')) = ("follow_up_runs"."reason" is not null)),
	CONSTRAINT "follow_up_runs_due_check" CHECK ("follow_up_runs"."state" <> 'pending' or "follow_up_runs"."due_at" is not null)
);--> statement-breakpoint
CREATE TABLE "follow_up_steps" (
	"run_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"message_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_up_steps_run_id_step_pk" PRIMARY KEY("run_id","step"),
	CONSTRAINT "follow_up_steps_state_check" CHECK ("follow_up_steps"."state" in ('sent', 'skipped', 'failed'))
);--> statement-breakpoint
CREATE TABLE "automation_timers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"job_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_timers_kind_check" CHECK ("automation_timers"."kind" in ('no_agent_reply', 'no_customer_reply', 'reassign'))
);--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rules_project_kind_idx" ON "automation_rules" USING btree ("project_id","kind","position","id");--> statement-breakpoint
ALTER TABLE "automation_activity" ADD CONSTRAINT "automation_activity_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_activity" ADD CONSTRAINT "automation_activity_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_activity" ADD CONSTRAINT "automation_activity_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_activity" ADD CONSTRAINT "automation_activity_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_activity" ADD CONSTRAINT "automation_activity_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_activity" ADD CONSTRAINT "automation_activity_follow_up_run_id_follow_up_runs_id_fk" FOREIGN KEY ("follow_up_run_id") REFERENCES "public"."follow_up_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_activity_event_idx" ON "automation_activity" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "automation_activity_project_idx" ON "automation_activity" USING btree ("project_id","at","id");--> statement-breakpoint
CREATE INDEX "automation_activity_rule_idx" ON "automation_activity" USING btree ("rule_id","at","id") WHERE "automation_activity"."rule_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_activity_customer_idx" ON "automation_activity" USING btree ("customer_id","at","id");--> statement-breakpoint
ALTER TABLE "automation_fired" ADD CONSTRAINT "automation_fired_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_fired" ADD CONSTRAINT "automation_fired_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_fired_conversation_idx" ON "automation_fired" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_runs_pending_idx" ON "follow_up_runs" USING btree ("rule_id","conversation_id") WHERE "follow_up_runs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "follow_up_runs_due_idx" ON "follow_up_runs" USING btree ("due_at") WHERE "follow_up_runs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "follow_up_runs_customer_idx" ON "follow_up_runs" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE INDEX "follow_up_runs_conversation_idx" ON "follow_up_runs" USING btree ("conversation_id") WHERE "follow_up_runs"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_run_id_follow_up_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."follow_up_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_steps_client_idx" ON "follow_up_steps" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_timers_key_idx" ON "automation_timers" USING btree ("rule_id","conversation_id","kind");--> statement-breakpoint
CREATE INDEX "automation_timers_due_idx" ON "automation_timers" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "automation_timers_conversation_idx" ON "automation_timers" USING btree ("conversation_id");
