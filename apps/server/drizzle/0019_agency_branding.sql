ALTER TABLE "organizations" ADD COLUMN "brand_display_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_primary_color" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_logo_key" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_logo_type" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_logo_version" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "email_sender_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "email_reply_to" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_brand_primary_color_check" CHECK ("organizations"."brand_primary_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_brand_logo_type_check" CHECK ("organizations"."brand_logo_type" in ('image/png', 'image/jpeg'));