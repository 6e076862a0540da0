CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"img" text NOT NULL,
	"list_img" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"author" text NOT NULL,
	"title" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"sm_desc" text NOT NULL,
	"desc" text NOT NULL,
	"blog" text NOT NULL,
	"video" boolean DEFAULT false NOT NULL,
	"video_id" text,
	"blockquote" boolean DEFAULT false NOT NULL,
	"slider" boolean DEFAULT false NOT NULL,
	"slider_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_type_check" CHECK ("blog_posts"."blog" in ('electronics', 'fashion', 'blog-postbox', 'blog-grid'))
);
--> statement-breakpoint
CREATE TABLE "case_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"client_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo" text NOT NULL,
	"coupon_code" text NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"discount_percentage" smallint NOT NULL,
	"minimum_amount" integer NOT NULL,
	"product_type" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "coupons_discount_check" CHECK ("coupons"."discount_percentage" between 1 and 100),
	CONSTRAINT "coupons_minimum_check" CHECK ("coupons"."minimum_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "humanitarian_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiary_name" text NOT NULL,
	"age" smallint,
	"diagnosis" text NOT NULL,
	"case_title" text NOT NULL,
	"case_description" text NOT NULL,
	"thumbnail" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"category_id" integer NOT NULL,
	"currency" text DEFAULT 'RON' NOT NULL,
	"necessary_sum" integer NOT NULL,
	"treatment_cost" integer NOT NULL,
	"deadline" date NOT NULL,
	"location" text NOT NULL,
	"hospital_location" text NOT NULL,
	"beneficiary_account_holder" text NOT NULL,
	"donations" jsonb NOT NULL,
	"case_manager" jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "humanitarian_cases_status_check" CHECK ("humanitarian_cases"."status" in ('active', 'closed')),
	CONSTRAINT "humanitarian_cases_sums_check" CHECK ("humanitarian_cases"."necessary_sum" >= 0 and "humanitarian_cases"."treatment_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "humanitarian_cases" ADD CONSTRAINT "humanitarian_cases_category_id_case_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."case_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "blog_posts_type_idx" ON "blog_posts" USING btree ("blog");--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "case_categories_slug_key" ON "case_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "contact_messages_client_idx" ON "contact_messages" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("coupon_code");--> statement-breakpoint
CREATE INDEX "humanitarian_cases_status_idx" ON "humanitarian_cases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "humanitarian_cases_category_idx" ON "humanitarian_cases" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");