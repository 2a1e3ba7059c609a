CREATE TABLE "commission_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"share_link_id" integer NOT NULL,
	"purchase_id" integer,
	"cause" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"approves_at" timestamp with time zone,
	"cause_key" text NOT NULL,
	"reference" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tax" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "affiliate_link_id" integer;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_cause_key" ON "commission_entries" USING btree ("cause_key");--> statement-breakpoint
CREATE INDEX "commission_entries_link_idx" ON "commission_entries" USING btree ("share_link_id");--> statement-breakpoint
CREATE INDEX "commission_entries_purchase_idx" ON "commission_entries" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchases_affiliate_idx" ON "purchases" USING btree ("affiliate_link_id");--> statement-breakpoint
CREATE FUNCTION "commission_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A delete cascading from its edition (or its share link) runs inside the foreign key's own trigger.
	IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'commission_entries is append-only: write a new row instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "commission_entries_append_only" BEFORE UPDATE OR DELETE ON "commission_entries" FOR EACH ROW EXECUTE FUNCTION "commission_entries_append_only"();
