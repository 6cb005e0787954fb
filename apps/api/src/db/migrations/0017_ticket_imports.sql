CREATE TABLE "ticket_import_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"item" integer NOT NULL,
	"line" integer NOT NULL,
	"ticket_key" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"file_key" text,
	"format" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"checkpoint_item" integer DEFAULT 0 NOT NULL,
	"created_tickets" integer DEFAULT 0 NOT NULL,
	"updated_tickets" integer DEFAULT 0 NOT NULL,
	"failed_tickets" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ticket_import_failures" ADD CONSTRAINT "ticket_import_failures_import_id_ticket_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."ticket_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_imports" ADD CONSTRAINT "ticket_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_import_failures_import_idx" ON "ticket_import_failures" USING btree ("import_id","item");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_imports_one_running_idx" ON "ticket_imports" USING btree ("state") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "ticket_imports_started_idx" ON "ticket_imports" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);