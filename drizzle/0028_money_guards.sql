CREATE TABLE "share_link_clicks" (
	"share_link_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	"address_hash" text NOT NULL,
	"agent_hash" text NOT NULL,
	CONSTRAINT "share_link_clicks_share_link_id_day_visitor_key_pk" PRIMARY KEY("share_link_id","day","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "held_payments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "commission_withheld" text;--> statement-breakpoint
ALTER TABLE "share_link_clicks" ADD CONSTRAINT "share_link_clicks_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_clicks_address_idx" ON "share_link_clicks" USING btree ("day","address_hash");