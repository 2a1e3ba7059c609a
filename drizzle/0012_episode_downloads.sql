CREATE TABLE "episode_downloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episode_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"episode_id" integer NOT NULL,
	"registrant_id" integer,
	"listener_key" text NOT NULL,
	"route" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episode_downloads" ADD CONSTRAINT "episode_downloads_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_downloads" ADD CONSTRAINT "episode_downloads_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_downloads" ADD CONSTRAINT "episode_downloads_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_downloads_episode_listener_idx" ON "episode_downloads" USING btree ("episode_id","listener_key","counted_at");--> statement-breakpoint
CREATE INDEX "episode_downloads_edition_counted_idx" ON "episode_downloads" USING btree ("edition_id","counted_at");--> statement-breakpoint
CREATE INDEX "episode_downloads_registrant_idx" ON "episode_downloads" USING btree ("registrant_id");