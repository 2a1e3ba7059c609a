/**
 * What a day plays (decision 0033), on its day page and in the dashboard's accordion:
 * its episodes when the visitor may listen (our audio in the browser's own player, an external
 * player in its iframe), the visual-only player of docs/PRODUCT.md "Episode player and episodes" only when the day
 * has no audio at all, and no player when the day is not open to them: then when it opens (in
 * their own time zone once src/scripts/local-time.ts runs), or that it has closed.
 */
import type { DayEpisode, ShownListening } from '../domain/day-page.ts';
import { durationOrDefault } from '../domain/durations.ts';
import { EpisodePlayer } from './EpisodePlayer.tsx';

export interface DayEpisodesProps {
  day: number;
  /** The day's title, for the visual-only player of a day with no audio. */
  dayTitle: string;
  /** The length that player shows (h:mm:ss), as the host stated it for the day; empty: its default. */
  playerLength?: string | undefined;
  episodes: DayEpisode[];
  listening: ShownListening;
  audioHost: string;
  headingLevel: 'h2' | 'h3';
}

function ClosedNotice({ day, listening }: { day: number; listening: Exclude<ShownListening, { kind: 'open' }> }) {
  return (
    <div data-day-closed={listening.kind} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-primary/15 sm:p-8">
      {listening.kind === 'opens' ? (
        <p className="text-lg text-ink">
          <strong className="font-semibold">Day {day} opens for you</strong>{' '}
          <time dateTime={listening.iso} data-local-time="" data-opens-at="">
            {listening.text}
          </time>
          . Its episodes play here from then.
        </p>
      ) : (
        <p className="text-lg text-ink">
          <strong className="font-semibold">Day {day} has closed for you.</strong> A pass keeps every episode open for you: see the offers
          below.
        </p>
      )}
    </div>
  );
}

function Episode({
  episode,
  day,
  audioHost,
  headingLevel,
}: { episode: DayEpisode; day: number } & Pick<DayEpisodesProps, 'audioHost' | 'headingLevel'>) {
  const { source } = episode;
  return (
    <EpisodePlayer
      dayNumber={day}
      title={episode.speaker ? `${episode.title} · ${episode.speaker}` : episode.title}
      descriptionHtml={episode.descriptionHtml}
      duration={episode.duration}
      selfHosted={source.kind === 'audio' ? { src: source.src, type: source.type } : null}
      embed={source.kind === 'embed' ? { kind: 'iframe', src: source.src } : { kind: 'none' }}
      audioHost={audioHost}
      headingLevel={headingLevel}
      transcript={episode.transcript}
    />
  );
}

export function DayEpisodes({ day, dayTitle, playerLength, episodes, listening, audioHost, headingLevel }: DayEpisodesProps) {
  if (listening.kind !== 'open') return <ClosedNotice day={day} listening={listening} />;
  if (episodes.length === 0) {
    return (
      <EpisodePlayer
        dayNumber={day}
        title={dayTitle}
        duration={durationOrDefault(playerLength, 'episodePlayer')}
        embed={{ kind: 'none' }}
        audioHost={audioHost}
        headingLevel={headingLevel}
      />
    );
  }
  return (
    <div className="space-y-6">
      {episodes.map((episode) => (
        <Episode key={episode.id} episode={episode} day={day} audioHost={audioHost} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
