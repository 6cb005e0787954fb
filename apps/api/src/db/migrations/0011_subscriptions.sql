CREATE TABLE "add_ons" (
	"key" text PRIMARY KEY NOT NULL,
	"keep_days" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"lookup_key" text NOT NULL,
	CONSTRAINT "add_ons_lookup_key_unique" UNIQUE("lookup_key")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"mill_id" integer,
	"provider_invoice_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_treatment" text NOT NULL,
	"paid" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "mill_period_usage" (
	"mill_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"orders_created" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mill_period_usage_mill_id_period_start_pk" PRIMARY KEY("mill_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "mill_subscriptions" (
	"mill_id" integer PRIMARY KEY NOT NULL,
	"plan_key" text DEFAULT 'basic' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"period_end" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"add_on_key" text,
	"custom_price_cents" integer,
	"custom_max_orders" integer,
	"custom_allowed_clients" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mill_subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"lookup_key" text NOT NULL,
	"max_orders" integer NOT NULL,
	"allowed_clients" integer NOT NULL,
	"storage_mb" integer NOT NULL,
	"support" boolean NOT NULL,
	"files_keep_days" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "plans_lookup_key_unique" UNIQUE("lookup_key")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_key" text NOT NULL,
	"description" text NOT NULL,
	"value" integer NOT NULL,
	"is_percentage" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mill_period_usage" ADD CONSTRAINT "mill_period_usage_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mill_subscriptions" ADD CONSTRAINT "mill_subscriptions_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mill_subscriptions" ADD CONSTRAINT "mill_subscriptions_plan_key_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."plans"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mill_subscriptions" ADD CONSTRAINT "mill_subscriptions_add_on_key_add_ons_key_fk" FOREIGN KEY ("add_on_key") REFERENCES "public"."add_ons"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_plan_key_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."plans"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mills" DROP COLUMN "plan";--> statement-breakpoint
-- The catalogue's defaults (README "Plans and prices"); the manager changes them later.
INSERT INTO "plans" ("key", "name", "price_cents", "lookup_key", "max_orders", "allowed_clients", "storage_mb", "support", "files_keep_days", "position") VALUES
  ('basic', 'Basic', 0, 'casebridge_basic', 20, 3, 2000, false, 30, 1),
  ('essential', 'Essential', 4900, 'casebridge_essential_monthly', 200, 25, 50000, true, 90, 2),
  ('enterprise', 'Enterprise', 14900, 'casebridge_enterprise_monthly', 2000, 250, 500000, true, 365, 3),
  ('custom', 'Custom', 0, 'pr_custom_plan', 2000, 250, 1000000, true, 365, 4);--> statement-breakpoint
INSERT INTO "promotions" ("plan_key", "description", "value", "is_percentage") VALUES
  ('essential', 'Introductory price: 20 % off', 80, true);--> statement-breakpoint
INSERT INTO "add_ons" ("key", "keep_days", "price_cents", "lookup_key") VALUES
  ('keep_180_days', 180, 900, 'casebridge_keep_180_days_monthly'),
  ('keep_365_days', 365, 1900, 'casebridge_keep_365_days_monthly'),
  ('keep_730_days', 730, 2900, 'casebridge_keep_730_days_monthly');
