CREATE TABLE "division_members" (
	"division_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "division_members_division_id_user_id_pk" PRIMARY KEY("division_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "divisions_id_project_unique" UNIQUE("id","project_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "division_id" uuid;--> statement-breakpoint
ALTER TABLE "division_members" ADD CONSTRAINT "division_members_division_fk" FOREIGN KEY ("division_id","project_id") REFERENCES "public"."divisions"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_members" ADD CONSTRAINT "division_members_membership_fk" FOREIGN KEY ("project_id","user_id") REFERENCES "public"."project_members"("project_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "division_members_member_idx" ON "division_members" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_project_name_idx" ON "divisions" USING btree ("project_id",lower("name"));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_division_activity_idx" ON "conversations" USING btree ("division_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "conversations"."division_id" IS NOT NULL;