-- The personal pages (issue 6, docs/profile-and-notifications.md): the user's picture, language and
-- theme; where and when each session signed in and was last used; the phone-change code; and the
-- users' notifications.
ALTER TABLE "users" ADD COLUMN "avatar_version" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "theme" text;
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TYPE "public"."otp_purpose" ADD VALUE 'change_phone';
--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('conversation_assigned', 'customer_waiting', 'invite_accepted', 'account_disconnected');
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"subject" text NOT NULL,
	"actor_name" text,
	"conversation_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("user_id",("read_at" is null) desc,"created_at" desc,"id" desc);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_waiting_idx" ON "notifications" USING btree ("user_id","conversation_id") WHERE "notifications"."kind" = 'customer_waiting' and "notifications"."read_at" is null;
