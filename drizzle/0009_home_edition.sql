CREATE TABLE "home_edition" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"edition_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_edition_one_row" CHECK ("home_edition"."only")
);
--> statement-breakpoint
ALTER TABLE "home_edition" ADD CONSTRAINT "home_edition_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- An existing installation keeps its home page: july (SPEC.md's default), else its first edition.
INSERT INTO "home_edition" ("edition_id") SELECT "id" FROM "editions" ORDER BY ("slug" = 'july') DESC, "position", "id" LIMIT 1;
