CREATE TABLE "registration_sources" (
	"registrant_id" integer PRIMARY KEY NOT NULL,
	"share_link_id" integer,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"speaker_id" integer,
	"host_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"page_key_version" integer DEFAULT 1 NOT NULL,
	"page_revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_sources" ADD CONSTRAINT "registration_sources_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_sources" ADD CONSTRAINT "registration_sources_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_speaker_id_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."speakers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_sources_share_link_idx" ON "registration_sources" USING btree ("share_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_edition_code_key" ON "share_links" USING btree ("edition_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_speaker_key" ON "share_links" USING btree ("speaker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_host_key" ON "share_links" USING btree ("host_id");