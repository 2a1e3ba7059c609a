-- Sponsors and FAQ items belong to an edition. The rows written before were the whole site's and
-- showed under whichever edition the home page showed, so each edition gets its own copy of them.
ALTER TABLE "faq_items" ADD COLUMN "edition_id" integer;--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "edition_id" integer;--> statement-breakpoint
INSERT INTO "faq_items" ("edition_id", "position", "question", "answer", "created_at", "updated_at")
  SELECT e."id", f."position", f."question", f."answer", f."created_at", f."updated_at" FROM "faq_items" f CROSS JOIN "editions" e WHERE f."edition_id" IS NULL;--> statement-breakpoint
DELETE FROM "faq_items" WHERE "edition_id" IS NULL;--> statement-breakpoint
INSERT INTO "sponsors" ("edition_id", "position", "name", "type", "description", "logo", "offer", "created_at", "updated_at")
  SELECT e."id", s."position", s."name", s."type", s."description", s."logo", s."offer", s."created_at", s."updated_at" FROM "sponsors" s CROSS JOIN "editions" e WHERE s."edition_id" IS NULL;--> statement-breakpoint
DELETE FROM "sponsors" WHERE "edition_id" IS NULL;--> statement-breakpoint
ALTER TABLE "faq_items" ALTER COLUMN "edition_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsors" ALTER COLUMN "edition_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_items_edition_position_idx" ON "faq_items" USING btree ("edition_id","position");--> statement-breakpoint
CREATE INDEX "sponsors_edition_position_idx" ON "sponsors" USING btree ("edition_id","position");
