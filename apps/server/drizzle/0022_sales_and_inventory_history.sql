CREATE TABLE "inventory_snapshots" (
	"dealership_id" integer NOT NULL,
	"vin" text NOT NULL,
	"snapshot_date" date NOT NULL,
	"price" numeric(12, 2),
	CONSTRAINT "inventory_snapshots_dealership_id_vin_snapshot_date_pk" PRIMARY KEY("dealership_id","vin","snapshot_date")
);
--> statement-breakpoint
CREATE TABLE "vehicle_sales" (
	"dealership_id" integer NOT NULL,
	"vin" text NOT NULL,
	"sold_date" date NOT NULL,
	"deal_type" text NOT NULL,
	"sale_price" numeric(12, 2),
	"front_gross" numeric(12, 2),
	"back_gross" numeric(12, 2),
	"customer_zip" text,
	"gross_derived" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_sales_dealership_id_vin_sold_date_pk" PRIMARY KEY("dealership_id","vin","sold_date"),
	CONSTRAINT "vehicle_sales_deal_type_check" CHECK ("vehicle_sales"."deal_type" in ('new', 'used', 'certified'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "attribution_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "attribution_model" text DEFAULT 'last_touch' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "aged_inventory_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_vehicles" ADD COLUMN "gone_date" date;--> statement-breakpoint
ALTER TABLE "inventory_snapshots" ADD CONSTRAINT "inventory_snapshots_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_snapshots_dealership_date_idx" ON "inventory_snapshots" USING btree ("dealership_id","snapshot_date");--> statement-breakpoint
CREATE INDEX "vehicle_sales_dealership_date_idx" ON "vehicle_sales" USING btree ("dealership_id","sold_date");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_attribution_window_check" CHECK ("organizations"."attribution_window_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_attribution_model_check" CHECK ("organizations"."attribution_model" in ('last_touch', 'even_split'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_aged_inventory_days_check" CHECK ("organizations"."aged_inventory_days" between 1 and 365);