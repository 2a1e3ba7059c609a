CREATE TABLE "feed_networks" (
	"registrant_id" integer NOT NULL,
	"day" date NOT NULL,
	"network_hash" text NOT NULL,
	CONSTRAINT "feed_networks_registrant_id_day_network_hash_pk" PRIMARY KEY("registrant_id","day","network_hash")
);
--> statement-breakpoint
CREATE TABLE "shared_feed_flags" (
	"registrant_id" integer PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"networks" integer NOT NULL,
	"day" date NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_networks" ADD CONSTRAINT "feed_networks_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_feed_flags" ADD CONSTRAINT "shared_feed_flags_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_feed_flags" ADD CONSTRAINT "shared_feed_flags_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_networks_day_idx" ON "feed_networks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "shared_feed_flags_edition_idx" ON "shared_feed_flags" USING btree ("edition_id");