CREATE TABLE "inventory_data_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_data_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "inventory_data_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "inventory_vehicles" ADD COLUMN "inventory_data_provider_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_vehicles" ADD CONSTRAINT "inventory_vehicles_inventory_data_provider_id_inventory_data_providers_id_fk" FOREIGN KEY ("inventory_data_provider_id") REFERENCES "public"."inventory_data_providers"("id") ON DELETE no action ON UPDATE no action;