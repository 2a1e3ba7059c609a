CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_bundle_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_bundle_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"bonus_bundle_title" text,
	"bonus_bundle_image" text,
	"bonus_bundle_price" text,
	"bonus_bundle_description" text,
	"image" text,
	"first_name" text,
	"last_name" text,
	"topic" text,
	"bio" text,
	"freebie" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"config" jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edition_days" (
	"edition_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"episode_title" text NOT NULL,
	"episode_duration" text,
	"episode_description" text DEFAULT '' NOT NULL,
	"episode_embed" text,
	CONSTRAINT "edition_days_edition_id_day_pk" PRIMARY KEY("edition_id","day"),
	CONSTRAINT "edition_days_day" CHECK ("edition_days"."day" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "editions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"summit_start_date" date NOT NULL,
	"summit_end_date" date NOT NULL,
	"timezone" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_dates_ordered" CHECK ("editions"."summit_end_date" >= "editions"."summit_start_date")
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faq_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hosts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"pronouns" text,
	"image" text,
	"headshot" text,
	"website_url" text,
	"modalities" text,
	"topic" text,
	"bio" text,
	"day" smallint NOT NULL,
	"episode_duration" text,
	"hello_audio_embed_id" text,
	"short_description" text,
	"implementation_week" boolean DEFAULT false NOT NULL,
	"implementation_week_topic" text,
	"implementation_week_description" text,
	"integration_session_link" text,
	"freebie" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosts_day" CHECK ("hosts"."day" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "implementation_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "implementation_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"headshot" text,
	"topic" text NOT NULL,
	"description" text,
	"day" smallint NOT NULL,
	"integration_session_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "implementation_sessions_day" CHECK ("implementation_sessions"."day" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "registrants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"email" text NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"consented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speakers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "speakers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"pronouns" text,
	"image" text,
	"headshot" text,
	"website_url" text,
	"modalities" text,
	"topic" text,
	"bio" text,
	"day" smallint NOT NULL,
	"episode_duration" text,
	"hello_audio_embed_id" text,
	"short_description" text,
	"implementation_week" boolean DEFAULT false NOT NULL,
	"implementation_week_topic" text,
	"implementation_week_description" text,
	"integration_session_link" text,
	"freebie" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speakers_day" CHECK ("speakers"."day" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sponsors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"logo" text NOT NULL,
	"offer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timer_configs" (
	"edition_id" integer NOT NULL,
	"page" text NOT NULL,
	"config" jsonb NOT NULL,
	CONSTRAINT "timer_configs_edition_id_page_pk" PRIMARY KEY("edition_id","page")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"session_id" uuid NOT NULL,
	"page_type" text NOT NULL,
	"first_visit_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_session_id_page_type_pk" PRIMARY KEY("session_id","page_type")
);
--> statement-breakpoint
ALTER TABLE "bonus_bundle_items" ADD CONSTRAINT "bonus_bundle_items_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_days" ADD CONSTRAINT "edition_days_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implementation_sessions" ADD CONSTRAINT "implementation_sessions_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrants" ADD CONSTRAINT "registrants_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timer_configs" ADD CONSTRAINT "timer_configs_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_bundle_items_edition_idx" ON "bonus_bundle_items" USING btree ("edition_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_configs_one_active" ON "brand_configs" USING btree ("is_active") WHERE "brand_configs"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "editions_slug_key" ON "editions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "hosts_edition_day_idx" ON "hosts" USING btree ("edition_id","day","position");--> statement-breakpoint
CREATE INDEX "implementation_sessions_edition_day_idx" ON "implementation_sessions" USING btree ("edition_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "registrants_edition_email_key" ON "registrants" USING btree ("edition_id","email");--> statement-breakpoint
CREATE INDEX "registrants_edition_created_idx" ON "registrants" USING btree ("edition_id","created_at");--> statement-breakpoint
CREATE INDEX "speakers_edition_day_idx" ON "speakers" USING btree ("edition_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_storage_key_key" ON "uploaded_files" USING btree ("storage_key");