CREATE TABLE "customer_import_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"file_key" text,
	"state" text DEFAULT 'running' NOT NULL,
	"checkpoint_row" integer DEFAULT 0 NOT NULL,
	"success_rows" integer DEFAULT 0 NOT NULL,
	"duplicate_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_import_failures" ADD CONSTRAINT "customer_import_failures_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_import_failures_import_idx" ON "customer_import_failures" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_imports_one_running_idx" ON "customer_imports" USING btree ("state") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "customer_imports_started_idx" ON "customer_imports" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Customer ids are unique case-insensitively across the network (spec §5). The service checks it
-- before a single save; the import relies on this index instead: `ON CONFLICT DO NOTHING` then
-- skips a duplicate of the database or of an earlier row of the same file, in one statement per batch.
CREATE UNIQUE INDEX "dealer_customers_customer_code_lower_idx" ON "dealer_customers" USING btree (lower("customer_code"));
