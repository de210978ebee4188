CREATE TABLE "customer_stages" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"stage_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_moves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"from_stage_id" uuid,
	"from_name" text,
	"to_stage_id" uuid,
	"to_name" text,
	"user_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_stages" ADD CONSTRAINT "customer_stages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_stages" ADD CONSTRAINT "customer_stages_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_from_stage_id_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_to_stage_id_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_moves" ADD CONSTRAINT "stage_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_stages_stage_idx" ON "customer_stages" USING btree ("stage_id","since");--> statement-breakpoint
CREATE INDEX "stage_moves_customer_idx" ON "stage_moves" USING btree ("customer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "stages_project_name_idx" ON "stages" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stages_project_position_idx" ON "stages" USING btree ("project_id","position");