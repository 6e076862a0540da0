CREATE TABLE "carrier_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" smallint NOT NULL,
	"country_id" text NOT NULL,
	"agency" text NOT NULL,
	"contact_info" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" smallint NOT NULL,
	"country_id" text NOT NULL,
	"max_weight_grams" integer,
	"price" integer NOT NULL,
	"real_cost" integer NOT NULL,
	"delivery_time" text,
	"free_shipping_minimum" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "carrier_rates_price_check" CHECK ("carrier_rates"."price" >= 0 and "carrier_rates"."real_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"tracking_url" text,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "carriers_id_check" CHECK ("carriers"."id" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "gls_lockers" (
	"locker_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"county" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"zip_code" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_locations" ADD CONSTRAINT "carrier_locations_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_rates" ADD CONSTRAINT "carrier_rates_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_locations_carrier_country_idx" ON "carrier_locations" USING btree ("carrier_id","country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_rates_band_key" ON "carrier_rates" USING btree ("carrier_id","country_id","max_weight_grams");