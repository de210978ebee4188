-- Issue 17: broadcasts. A broadcast sends one approved template from one number to many
-- customers; each recipient row is the unit of exactly-once sending: its state changes in the
-- same transaction as its message (whose client id, `broadcast:<recipient>`, is unique) and its
-- charge. Customers can opt out (a reply such as STOP, or an agent), and are then left out of
-- every later broadcast.
ALTER TABLE "customers" ADD COLUMN "opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "opted_out_via" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_opted_out_via_check" CHECK ("opted_out_via" is null or "opted_out_via" in ('message', 'agent', 'import'));--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "opt_out_words" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "opt_out_reply" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "opt_out_reply_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "broadcast_rate" integer;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "broadcast_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"template_id" uuid,
	"template" jsonb NOT NULL,
	"category" text NOT NULL,
	"values" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"pause_reason" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"estimated" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"per_recipient" bigint DEFAULT 0 NOT NULL,
	"pump_job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "broadcasts_status_check" CHECK ("status" in ('scheduled', 'sending', 'paused', 'done', 'cancelled')),
	CONSTRAINT "broadcasts_pause_reason_check" CHECK ("pause_reason" is null or "pause_reason" in ('manual', 'balance', 'template', 'account'))
);--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_account_id_wa_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wa_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_template_id_wa_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."wa_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_client_idx" ON "broadcasts" USING btree ("project_id","client_id");--> statement-breakpoint
CREATE INDEX "broadcasts_project_idx" ON "broadcasts" USING btree ("project_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "broadcasts_account_active_idx" ON "broadcasts" USING btree ("account_id") WHERE "status" in ('sending', 'paused');--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"customer_id" uuid,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"conversation_id" uuid,
	"message_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" jsonb,
	"reason" text,
	"transient" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "broadcast_recipients_state_check" CHECK ("state" in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled'))
);--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_seq_idx" ON "broadcast_recipients" USING btree ("broadcast_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_phone_idx" ON "broadcast_recipients" USING btree ("broadcast_id","phone");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_state_idx" ON "broadcast_recipients" USING btree ("broadcast_id","state","next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_message_idx" ON "broadcast_recipients" USING btree ("message_id") WHERE "message_id" is not null;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_conversation_idx" ON "broadcast_recipients" USING btree ("conversation_id","sent_at") WHERE "conversation_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_opted_out_idx" ON "customers" USING btree ("project_id") WHERE "opted_out_at" is not null;
