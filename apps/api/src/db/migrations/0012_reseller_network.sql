CREATE TABLE "dealer_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_path" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"customer_code" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"salutation" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"company" text NOT NULL,
	"contact_information" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_info_to_out_of_maintenance_users" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(customer_code || ' ' || first_name || ' ' || last_name || ' ' || company || ' ' || coalesce(contact_information->>'email', '') || ' ' || coalesce(contact_information->>'city', ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_customers_customer_code_unique" UNIQUE("customer_code")
);
--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "path" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "dealer_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "dealer_contact" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "support_contact" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "sales_contact" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "configuration_type" text DEFAULT 'None' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "fixed_config_json" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "fixed_config_file_key" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "fixed_config_file_name" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "dynamic_config_url_path" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "component_base_url" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "sub_dealer_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "own_configurations_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "strict_mode_configuration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_customers" ADD CONSTRAINT "dealer_customers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_customers_path_search_idx" ON "dealer_customers" USING gin ("dealer_path","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealer_customers_dealer_created_idx" ON "dealer_customers" USING btree ("dealer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealers_path_idx" ON "dealers" USING gin ("path");--> statement-breakpoint
CREATE INDEX "dealers_parent_idx" ON "dealers" USING btree ("parent_id");--> statement-breakpoint
-- Hand-written below: existing dealers get their public id and their path before the unique constraint.
UPDATE "dealers" SET "dealer_code" = 'D' || "id" WHERE "dealer_code" = '';--> statement-breakpoint
WITH RECURSIVE tree(id, path) AS (
  SELECT id, ARRAY[id] FROM dealers WHERE parent_id IS NULL
  UNION ALL
  SELECT d.id, t.path || d.id FROM dealers d JOIN tree t ON d.parent_id = t.id
)
UPDATE "dealers" SET "path" = tree.path FROM tree WHERE dealers.id = tree.id;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_dealer_code_unique" UNIQUE("dealer_code");--> statement-breakpoint
-- A new dealer's path is its parent's path and its own id; a dealer never moves (the API refuses a
-- new parent), so the path is written once. An empty public id becomes D<id>.
CREATE FUNCTION dealers_fill_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.path := coalesce((SELECT path FROM dealers WHERE id = NEW.parent_id), '{}'::integer[]) || NEW.id;
  IF NEW.dealer_code = '' THEN NEW.dealer_code := 'D' || NEW.id; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER dealers_fill_path BEFORE INSERT ON dealers FOR EACH ROW EXECUTE FUNCTION dealers_fill_path();--> statement-breakpoint
-- A customer carries its dealer's path, so the subtree search is one GIN condition (schema comment).
CREATE FUNCTION dealer_customers_fill_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dealer_path := (SELECT path FROM dealers WHERE id = NEW.dealer_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER dealer_customers_fill_path BEFORE INSERT OR UPDATE OF dealer_id ON dealer_customers FOR EACH ROW EXECUTE FUNCTION dealer_customers_fill_path();
