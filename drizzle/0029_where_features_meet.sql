CREATE TABLE "registrant_page_opens" (
	"registrant_id" integer NOT NULL,
	"page_type" text NOT NULL,
	"first_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrant_page_opens_registrant_id_page_type_pk" PRIMARY KEY("registrant_id","page_type")
);
--> statement-breakpoint
ALTER TABLE "held_payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrant_page_opens" ADD CONSTRAINT "registrant_page_opens_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;