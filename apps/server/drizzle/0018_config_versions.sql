CREATE TABLE "config_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"reason" text NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_versions" (
	"version" serial PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_publications" ADD CONSTRAINT "config_publications_version_config_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."config_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_publications_version" ON "config_publications" USING btree ("version");--> statement-breakpoint
-- A configuration version and a publication are history: never changed nor removed (immutable
-- once published). A change is a new version; publishing an older one again is a new row.
CREATE FUNCTION "config_history_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'configuration history is immutable (%)', TG_TABLE_NAME USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "config_versions_immutable" BEFORE UPDATE OR DELETE ON "config_versions"
	FOR EACH ROW EXECUTE FUNCTION "config_history_immutable"();
--> statement-breakpoint
CREATE TRIGGER "config_publications_immutable" BEFORE UPDATE OR DELETE ON "config_publications"
	FOR EACH ROW EXECUTE FUNCTION "config_history_immutable"();
