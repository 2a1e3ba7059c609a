CREATE TABLE "dismissed_default_messages" (
	"edition_id" integer NOT NULL,
	"key" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dismissed_default_messages_edition_id_key_pk" PRIMARY KEY("edition_id","key")
);
--> statement-breakpoint
ALTER TABLE "edition_messages" ADD COLUMN "kind" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "dismissed_default_messages" ADD CONSTRAINT "dismissed_default_messages_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;