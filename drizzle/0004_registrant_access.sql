CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registrant_id" integer NOT NULL,
	"pass" text NOT NULL,
	"source" text NOT NULL,
	"amount" integer,
	"currency" text,
	"provider_event_id" text,
	"payment_ref" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registrant_visits" (
	"registrant_id" integer NOT NULL,
	"page_type" text NOT NULL,
	"first_visit_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrant_visits_registrant_id_page_type_pk" PRIMARY KEY("registrant_id","page_type")
);
--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "access_mode" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "key_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "key_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrant_visits" ADD CONSTRAINT "registrant_visits_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_registrant_idx" ON "purchases" USING btree ("registrant_id");--> statement-breakpoint
CREATE INDEX "purchases_payment_ref_idx" ON "purchases" USING btree ("payment_ref");