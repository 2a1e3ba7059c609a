CREATE TABLE "listening_addresses" (
	"day" date NOT NULL,
	"address_hash" text NOT NULL,
	"agent_hash" text NOT NULL,
	"listener_key" text NOT NULL,
	CONSTRAINT "listening_addresses_day_address_hash_agent_hash_listener_key_pk" PRIMARY KEY("day","address_hash","agent_hash","listener_key")
);
--> statement-breakpoint
ALTER TABLE "episode_downloads" DROP CONSTRAINT "episode_downloads_episode_id_episodes_id_fk";
--> statement-breakpoint
ALTER TABLE "episode_downloads" ADD COLUMN "deleted_episode_title" text;--> statement-breakpoint
ALTER TABLE "episode_downloads" ADD COLUMN "deleted_episode_day" integer;