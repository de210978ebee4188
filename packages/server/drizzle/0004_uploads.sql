CREATE TABLE "upload_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid,
	"filename" text NOT NULL,
	"length" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "in_gallery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_transfers" ADD CONSTRAINT "upload_transfers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_transfers" ADD CONSTRAINT "upload_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_transfers_expires_idx" ON "upload_transfers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "media_gallery_idx" ON "media" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media"."in_gallery";--> statement-breakpoint
CREATE INDEX "media_expires_idx" ON "media" USING btree ("expires_at") WHERE "media"."expires_at" IS NOT NULL;