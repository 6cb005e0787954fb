CREATE TABLE "ticket_reminder_digests" (
	"user_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"frequency" text NOT NULL,
	"upcoming" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"mailed" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_reminder_digests_user_id_period_start_pk" PRIMARY KEY("user_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "ticket_reminder_stages" (
	"user_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"expiry" date NOT NULL,
	"period_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_reminder_stages_user_id_ticket_id_stage_expiry_pk" PRIMARY KEY("user_id","ticket_id","stage","expiry")
);
--> statement-breakpoint
ALTER TABLE "ticket_reminder_digests" ADD CONSTRAINT "ticket_reminder_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reminder_stages" ADD CONSTRAINT "ticket_reminder_stages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reminder_stages" ADD CONSTRAINT "ticket_reminder_stages_ticket_id_licence_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."licence_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_reminder_digests_period_idx" ON "ticket_reminder_digests" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "ticket_reminder_stages_ticket_idx" ON "ticket_reminder_stages" USING btree ("ticket_id");