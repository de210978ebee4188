ALTER TABLE "customers" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_project_created_idx" ON "customers" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);