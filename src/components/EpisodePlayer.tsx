/**
 * The episode player card (docs/PRODUCT.md "Episode player and episodes"): title, optional description and
 * duration, then the audio by embed kind. An allowed iframe snippet becomes a fresh <iframe>
 * built from its src only; a plain id shows a placeholder naming the episode by its title (the
 * id stays in data-embed-id for the player script: listeners never read internal ids); nothing gives the
 * visual-only play/pause toggle (src/scripts/player-toggle.ts) with a static progress bar.
 * A credit link to the audio host always closes the card.
 */
import type { AudioEmbed } from '../domain/audio-embed.ts';
import type { SafeHtml } from '../markup/safe-html.ts';
import type { TranscriptCue } from '../domain/podcast/transcripts.ts';
import { SafeHtmlBlock } from './SafeHtmlBlock.tsx';
import { Transcript } from './Transcript.tsx';

export interface EpisodePlayerProps {
  title: string;
  /** Plain text. */
  description?: string | null;
  /** Sanitised HTML (an episode's markdown); shown instead of description. */
  descriptionHtml?: SafeHtml | null;
  /** A self-hosted episode: the native player plays this instead of the embed. */
  selfHosted?: { src: string; type: string } | null;
  /** Already defaulted by the caller (durationOrDefault) where a default applies; null shows no duration (none is known). */
  duration: string | null;
  embed: AudioEmbed;
  /** The audio hosting provider's host name, e.g. "audio.example.com". */
  audioHost: string;
  dayNumber?: number;
  headingLevel?: 'h2' | 'h3';
  /** The episode's transcript, folded under the player (WCAG 1.2.1); none: no transcript block. */
  transcript?: TranscriptCue[] | null;
}

function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4 shrink-0"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function PlayerBody({ embed, title }: { embed: AudioEmbed; title: string }) {
  if (embed.kind === 'iframe') {
    return (
      <iframe
        src={embed.src}
        title={`Audio player: ${title}`}
        loading="lazy"
        allow="encrypted-media"
        className="h-24 w-full rounded-xl border-0"
      />
    );
  }
  if (embed.kind === 'id') {
    return (
      <div
        data-embed-id={embed.id}
        className="flex h-24 items-center justify-center rounded-xl border border-dashed border-brand-primary/40 bg-surface px-4 text-center text-sm text-pretty break-words text-muted"
      >
        {/* The placeholder displays the embed id (docs/PRODUCT.md "Episode player card"); the title names it for screen readers. */}
        <span className="sr-only">Audio episode: {title}, embed id </span>
        <code className="font-mono">{embed.id}</code>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-4 rounded-xl bg-surface p-4 ring-1 ring-brand-primary/15">
      <button
        type="button"
        data-player-toggle=""
        aria-pressed="false"
        aria-label="Play"
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-primary-strong text-white shadow-md shadow-brand-primary/30 transition hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
      >
        {/* The `hidden` attribute sits on a wrapper: SVG elements have no `hidden` property. */}
        <span data-icon="play">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" className="size-5">
            <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
          </svg>
        </span>
        <span data-icon="pause" hidden>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" className="size-5">
            <rect x="6" y="5" width="4" height="14" rx="1" />
            <rect x="14" y="5" width="4" height="14" rx="1" />
          </svg>
        </span>
      </button>
      <div data-player-progress="" aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-brand-primary/15">
        <div className="h-full w-[35%] rounded-full bg-brand-primary-strong" />
      </div>
    </div>
  );
}

/** Our own audio: no autoplay, and preload="none" so the page stays fast until someone presses play. */
function NativePlayer({ src, type, title }: { src: string; type: string; title: string }) {
  return (
    <audio controls preload="none" aria-label={`Audio: ${title}`} data-native-player="" className="w-full">
      <source src={src} type={type} />
    </audio>
  );
}

export function EpisodePlayer({
  title,
  description,
  descriptionHtml,
  selfHosted,
  duration,
  embed,
  audioHost,
  dayNumber,
  headingLevel = 'h3',
  transcript,
}: EpisodePlayerProps) {
  const Heading = headingLevel;
  return (
    <article data-episode-player="" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-primary/15 sm:p-8">
      {dayNumber !== undefined ? (
        <p className="inline-block rounded-full bg-brand-primary/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-primary-strong uppercase">
          Day {dayNumber}
        </p>
      ) : null}
      <Heading className="mt-3 font-serif text-2xl font-bold text-ink">{title}</Heading>
      {descriptionHtml ? (
        <SafeHtmlBlock className="mt-2 text-muted" html={descriptionHtml} />
      ) : description ? (
        <p className="mt-2 text-muted">{description}</p>
      ) : null}
      {duration ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted">
          <ClockIcon />
          <span>
            Duration <span data-duration="">{duration}</span>
          </span>
        </p>
      ) : null}
      <div className="mt-5">{selfHosted ? <NativePlayer {...selfHosted} title={title} /> : <PlayerBody embed={embed} title={title} />}</div>
      {transcript?.length ? <Transcript cues={transcript} title={title} /> : null}
      {selfHosted ? null : (
        <p className="mt-4 text-xs text-muted">
          <a
            href={`https://${audioHost}/`}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
          >
            Audio hosted by {audioHost}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </article>
  );
}
