CREATE TABLE "edition_podcasts" (
	"edition_id" integer PRIMARY KEY NOT NULL,
	"artwork_url" text,
	"category" text,
	"subcategory" text,
	"author" text,
	"owner_name" text,
	"owner_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "consent_wording" text;--> statement-breakpoint
ALTER TABLE "edition_podcasts" ADD CONSTRAINT "edition_podcasts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Registrants before issue 26 ticked a required box with these words: their consent is kept, with its wording.
UPDATE "registrants" SET "consent_wording" = 'Yes, send me the summit e-mails: my private podcast feed, the daily episodes and the digital magazine. I can unsubscribe at any time.' WHERE "consented_at" IS NOT NULL AND "consent_wording" IS NULL;
