-- Issue 15: numbers verified with Meta, message templates per WhatsApp Business Account, the
-- 24-hour window enforced by the server, and Meta's pricing kept on every outbound message.
--
-- A number keeps its WABA, quality rating and messaging limit tier as Meta last answered them.
-- A deleted number stays (its conversations stay readable) with `deleted_at` set; its phone
-- number id may then be added again, so the id is unique among live numbers only.
ALTER TABLE "wa_accounts" ADD COLUMN "waba_id" text;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "quality_rating" text DEFAULT 'UNKNOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "messaging_limit" text;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_accounts" DROP CONSTRAINT "wa_accounts_phone_number_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "wa_accounts_phone_number_id_live_idx" ON "wa_accounts" USING btree ("phone_number_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Templates as Meta keeps them, per project and WABA (two projects may hold numbers of one WABA).
-- `content` is the draft's shape (header, body, bodyExamples, footer, buttons); `status_at` is
-- the time of the newest status event applied, so a replayed or late webhook changes nothing.
CREATE TABLE "wa_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"waba_id" text NOT NULL,
	"meta_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"previous_category" text,
	"status" text NOT NULL,
	"reason" text,
	"content" jsonb NOT NULL,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_account_id_wa_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wa_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wa_templates_name_idx" ON "wa_templates" USING btree ("project_id","waba_id","name","language");--> statement-breakpoint
CREATE INDEX "wa_templates_meta_idx" ON "wa_templates" USING btree ("waba_id","meta_id");--> statement-breakpoint
-- A template message keeps how it was built (`SentTemplate`); every outbound message keeps
-- what Meta bills it as (`MessagePricing`, from its status webhooks) for the balance.
ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
-- Meta's 72-hour free entry point: a conversation from a click-to-WhatsApp ad answered in time.
ALTER TABLE "conversations" ADD COLUMN "free_entry_until" timestamp with time zone;
