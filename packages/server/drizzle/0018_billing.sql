-- Issue 16: the prepaid balance. Two kinds of wallet, both whole rupiah that never go below zero:
-- a user's saldo and a project's balance. A balance changes only through its append-only ledger,
-- in the same transaction as what it pays for; `last_seq` numbers a wallet's entries without gaps,
-- and every entry carries an idempotency key (`charge:<message>`, `topup:<order>` …), so a retried
-- charge, refund or credit is stored once.
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'low_balance';--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"project_id" uuid,
	"balance" bigint DEFAULT 0 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"low_threshold" bigint,
	"low_notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallets_balance_check" CHECK ("balance" >= 0),
	CONSTRAINT "wallets_owner_check" CHECK (("user_id" IS NULL) <> ("project_id" IS NULL))
);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_user_idx" ON "wallets" USING btree ("user_id") WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_project_idx" ON "wallets" USING btree ("project_id") WHERE "project_id" IS NOT NULL;--> statement-breakpoint
-- Top-ups: one payment attempt each, with its own gateway order id (Midtrans never reuses one).
CREATE TABLE "topups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"gateway" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_status" text,
	"payment_type" text,
	"redirect_url" text,
	"gateway_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "topups_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "topups_status_check" CHECK ("status" in ('pending', 'paid', 'expired', 'failed'))
);--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_order_idx" ON "topups" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topups_client_idx" ON "topups" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "topups_user_idx" ON "topups" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "topups_pending_idx" ON "topups" USING btree ("created_at") WHERE "status" = 'pending';--> statement-breakpoint
-- The ledger. `amount` is signed (credits positive); `balance_after` is the wallet's balance
-- right after the entry. A transfer is two entries sharing `transfer_id`.
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"wallet_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"actor_user_id" uuid,
	"memo" text,
	"topup_id" uuid,
	"transfer_id" uuid,
	"counterpart_wallet_id" uuid,
	"message_id" uuid,
	"category" text,
	"broadcast_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" in ('topup', 'transfer_in', 'transfer_out', 'charge', 'refund', 'adjustment')),
	CONSTRAINT "ledger_entries_balance_check" CHECK ("balance_after" >= 0)
);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_topup_id_topups_id_fk" FOREIGN KEY ("topup_id") REFERENCES "public"."topups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_seq_idx" ON "ledger_entries" USING btree ("wallet_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_idx" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_time_idx" ON "ledger_entries" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_message_idx" ON "ledger_entries" USING btree ("message_id") WHERE "message_id" IS NOT NULL;
