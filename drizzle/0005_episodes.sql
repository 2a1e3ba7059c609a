CREATE TABLE "episodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"speaker" text DEFAULT '' NOT NULL,
	"artwork" text,
	"audio_key" text,
	"external_url" text,
	"content_type" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"duration_seconds" integer,
	"bitrate" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_day" CHECK ("episodes"."day" between 1 and 3),
	CONSTRAINT "episodes_one_source" CHECK (("episodes"."audio_key" is null) <> ("episodes"."external_url" is null))
);
--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episodes_edition_day_idx" ON "episodes" USING btree ("edition_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_guid_key" ON "episodes" USING btree ("guid");