CREATE TABLE "annotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"campaign_kind" text,
	"campaign_id" integer,
	"note_date" date NOT NULL,
	"body" text NOT NULL,
	"kind" text DEFAULT 'user' NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_kind_check" CHECK ("annotations"."kind" in ('user', 'budget_change', 'pause', 'play')),
	CONSTRAINT "annotations_campaign_check" CHECK (("annotations"."campaign_id" is null) = ("annotations"."campaign_kind" is null)),
	CONSTRAINT "annotations_campaign_kind_check" CHECK ("annotations"."campaign_kind" in ('managed', 'self_service')),
	CONSTRAINT "annotations_body_check" CHECK (char_length("annotations"."body") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotations_dealership_date_idx" ON "annotations" USING btree ("dealership_id","note_date");