CREATE TABLE "audit_anchor" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"actor_user_id" integer,
	"actor_tenant_kind" text,
	"actor_tenant_id" integer,
	"action" text NOT NULL,
	"object_kind" text NOT NULL,
	"object_id" text NOT NULL,
	"ip" "inet",
	"before" jsonb,
	"after" jsonb,
	"mill_id" integer,
	"lab_id" integer,
	"dealer_id" integer,
	"seq" bigint,
	"hash" "bytea",
	CONSTRAINT "audit_entries_sealed_whole" CHECK ((seq is null) = (hash is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_seq_idx" ON "audit_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_entries_unsealed_idx" ON "audit_entries" USING btree ("id") WHERE seq is null;--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_mill_idx" ON "audit_entries" USING btree ("mill_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mill_id is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_mill_action_idx" ON "audit_entries" USING btree ("mill_id","action","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mill_id is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_mill_actor_idx" ON "audit_entries" USING btree ("mill_id","actor_user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mill_id is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_mill_object_idx" ON "audit_entries" USING btree ("mill_id","object_kind","object_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mill_id is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_lab_idx" ON "audit_entries" USING btree ("lab_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE lab_id is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_dealer_idx" ON "audit_entries" USING btree ("dealer_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE dealer_id is not null;--> statement-breakpoint
-- Hand-written below: the audit trail is append-only in the database too (ADR 0019). An entry is
-- inserted unsealed; the sealing job may set its place and hash once, changing nothing else;
-- pruning (which says so for its transaction) may delete sealed entries and move the anchor.
-- The application's role owns these tables, so REVOKE would not hold it: these triggers refuse
-- the writes a bug or an injected statement would make, and the hash chain shows what a superuser did.
CREATE FUNCTION audit_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.seq IS NULL AND NEW.hash IS NULL THEN RETURN NEW; END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL AND NEW.seq IS NOT NULL AND (to_jsonb(NEW) - 'seq' - 'hash') = (to_jsonb(OLD) - 'seq' - 'hash') THEN
      RETURN NEW;
    END IF;
  ELSIF current_setting('casebridge.audit_pruning', true) = 'on' AND OLD.seq IS NOT NULL THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_entries_append_only BEFORE INSERT OR UPDATE OR DELETE ON audit_entries FOR EACH ROW EXECUTE FUNCTION audit_entries_guard();--> statement-breakpoint
CREATE FUNCTION audit_pruning_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('casebridge.audit_pruning', true) = 'on' AND TG_OP <> 'TRUNCATE' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  RAISE EXCEPTION 'the audit trail changes only by pruning (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_anchor_pruning_only BEFORE INSERT OR UPDATE OR DELETE ON audit_anchor FOR EACH ROW EXECUTE FUNCTION audit_pruning_only();--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries FOR EACH STATEMENT EXECUTE FUNCTION audit_pruning_only();--> statement-breakpoint
CREATE TRIGGER audit_anchor_no_truncate BEFORE TRUNCATE ON audit_anchor FOR EACH STATEMENT EXECUTE FUNCTION audit_pruning_only();
