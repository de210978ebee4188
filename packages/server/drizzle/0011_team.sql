-- The project area (issue 6, docs/team.md): invite codes, and the project settings' working hours
-- and default division.
CREATE TABLE "project_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"template" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "project_invites_code_unique" UNIQUE("code"),
	CONSTRAINT "project_invites_template_check" CHECK ("project_invites"."template" in ('owner', 'admin', 'agent', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "project_invites" ADD CONSTRAINT "project_invites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_invites" ADD CONSTRAINT "project_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_invites_project_idx" ON "project_invites" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "working_hours" jsonb;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "default_division_id" uuid;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_default_division_id_divisions_id_fk" FOREIGN KEY ("default_division_id") REFERENCES "public"."divisions"("id") ON DELETE set null ON UPDATE no action;
