CREATE SEQUENCE "public"."usage_view_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Hand-written below: the statements that move the usage view's stamp (db/schema/usage.ts). Taken
-- once here, so last_value (what the view reads) changes with the first trigger already.
SELECT nextval('usage_view_version');--> statement-breakpoint
CREATE FUNCTION usage_view_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('usage_view_version');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every column of a licence key shows in the view (key, owner, consent, allowed users); keys are written rarely.
CREATE TRIGGER usage_view_licence_keys AFTER INSERT OR UPDATE OR DELETE ON licence_keys FOR EACH STATEMENT EXECUTE FUNCTION usage_view_touched();--> statement-breakpoint
CREATE TRIGGER usage_view_licence_tickets AFTER INSERT OR DELETE OR UPDATE OF key, content ON licence_tickets FOR EACH STATEMENT EXECUTE FUNCTION usage_view_touched();--> statement-breakpoint
CREATE TRIGGER usage_view_companies AFTER UPDATE OF name ON companies FOR EACH STATEMENT EXECUTE FUNCTION usage_view_touched();--> statement-breakpoint
CREATE TRIGGER usage_view_mills AFTER UPDATE OF company_id ON mills FOR EACH STATEMENT EXECUTE FUNCTION usage_view_touched();
