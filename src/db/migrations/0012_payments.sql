CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"ntp_id" text NOT NULL,
	"status" smallint NOT NULL,
	"payment_id" integer,
	"amount" integer,
	"currency" text,
	"flag" text,
	"source" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"ntp_id" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"authentication_token" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" smallint NOT NULL,
	"flag" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_ntp_status_key" ON "payment_notifications" USING btree ("ntp_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_ntp_id_key" ON "payments" USING btree ("ntp_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_unnotified_idx" ON "payments" USING btree ("created_at") WHERE notified_at is null;