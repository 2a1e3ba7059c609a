ALTER TABLE "episodes" DROP CONSTRAINT "episodes_one_source";--> statement-breakpoint
ALTER TABLE "edition_days" ALTER COLUMN "episode_title" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "embed_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_one_source" CHECK (num_nonnulls("episodes"."audio_key", "episodes"."external_url", "episodes"."embed_url") = 1);--> statement-breakpoint
-- Issue 26, item 4: one episode concept. A day's former episode embed (an iframe snippet with an
-- https src) becomes an episode of that day whose source is the external player, unless the day
-- already has an episode (an upload or an external URL: that one plays). Plain embed ids and
-- empty embeds played nothing (a placeholder): they are dropped. The day columns stay, unread.
INSERT INTO "episodes" ("edition_id", "day", "position", "title", "description", "content_type", "embed_url")
SELECT d."edition_id", d."day", 0,
  coalesce(nullif(btrim(d."episode_title"), ''), 'Day ' || d."day" || ' episode'),
  d."episode_description",
  'text/html',
  replace(substring(d."episode_embed" from '(?i)<\s*iframe[^>]*\ssrc\s*=\s*["'']?(https://[^"''\s>]+)'), '&amp;', '&')
FROM "edition_days" d
WHERE substring(d."episode_embed" from '(?i)<\s*iframe[^>]*\ssrc\s*=\s*["'']?(https://[^"''\s>]+)') IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "episodes" e WHERE e."edition_id" = d."edition_id" AND e."day" = d."day");
