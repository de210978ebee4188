-- Issue 14: a per-project storage quota with a cap on open chunked transfers per user (both counted
-- under advisory locks when a transfer opens, src/media/storageQuota.ts), and the business name
-- Meta verified for a WhatsApp number when it was added (`account_create` asks the Graph API).
CREATE INDEX "upload_transfers_project_idx" ON "upload_transfers" USING btree ("project_id","expires_at");
--> statement-breakpoint
CREATE INDEX "upload_transfers_user_idx" ON "upload_transfers" USING btree ("user_id","expires_at");
--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "verified_name" text;
