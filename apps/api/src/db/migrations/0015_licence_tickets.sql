ALTER TABLE "licence_tickets" ADD COLUMN "dealer_path" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "external_customer_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "product_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "licence_expiry" date;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "maintenance_expiry" date;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(key || ' ' || product_text || ' ' || external_customer_id || ' ' || description || ' ' || coalesce(content->'mainProductInfo'->>'dongleId', ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_tickets" ADD CONSTRAINT "licence_tickets_customer_id_dealer_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."dealer_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_tickets_path_search_idx" ON "licence_tickets" USING gin ("dealer_path","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "licence_tickets_expiry_idx" ON "licence_tickets" USING btree ("licence_expiry","id");--> statement-breakpoint
CREATE INDEX "licence_tickets_dealer_idx" ON "licence_tickets" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "licence_tickets_customer_idx" ON "licence_tickets" USING btree ("customer_id");--> statement-breakpoint
-- Hand-written below: a ticket carries its dealer's path, so the desk's subtree list and search are
-- one GIN condition (schema comment in db/schema/dealers.ts); dealers never move, so the copy only
-- changes when the ticket changes dealer, in the same statement.
UPDATE "licence_tickets" t SET "dealer_path" = d.path FROM dealers d WHERE d.id = t.dealer_id;--> statement-breakpoint
CREATE FUNCTION licence_tickets_fill_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dealer_path := coalesce((SELECT path FROM dealers WHERE id = NEW.dealer_id), '{}'::integer[]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER licence_tickets_fill_path BEFORE INSERT OR UPDATE OF dealer_id ON licence_tickets FOR EACH ROW EXECUTE FUNCTION licence_tickets_fill_path();
