CREATE TABLE "client_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"address_type" text NOT NULL,
	"is_company" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"company_name" text,
	"cui" text,
	"company_registration_number" text,
	"bank" text,
	"iban" text,
	"country_id" text NOT NULL,
	"county" text NOT NULL,
	"county_code" text,
	"city" text NOT NULL,
	"locality_siruta" integer,
	"sector" integer,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"block" text,
	"door" text,
	"floor" text,
	"apartment" text,
	"zip_code" text NOT NULL,
	"other_delivery_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_counties" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ascii" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_localities" (
	"siruta" integer PRIMARY KEY NOT NULL,
	"county_code" text NOT NULL,
	"name" text NOT NULL,
	"name_ascii" text NOT NULL,
	"uat" text NOT NULL,
	"sector" integer,
	"postal_code" text,
	"has_streets" boolean DEFAULT false NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_streets" (
	"id" serial PRIMARY KEY NOT NULL,
	"locality_siruta" integer NOT NULL,
	"sector" integer,
	"street" text NOT NULL,
	"street_ascii" text NOT NULL,
	"numbers" text NOT NULL,
	"postal_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_localities" ADD CONSTRAINT "geo_localities_county_code_geo_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."geo_counties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_streets" ADD CONSTRAINT "geo_streets_locality_siruta_geo_localities_siruta_fk" FOREIGN KEY ("locality_siruta") REFERENCES "public"."geo_localities"("siruta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_addresses_client_idx" ON "client_addresses" USING btree ("client_id","address_type");--> statement-breakpoint
CREATE INDEX "geo_localities_county_ascii_idx" ON "geo_localities" USING btree ("county_code","name_ascii" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "geo_streets_locality_ascii_idx" ON "geo_streets" USING btree ("locality_siruta","street_ascii" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "geo_streets_postal_code_idx" ON "geo_streets" USING btree ("postal_code");