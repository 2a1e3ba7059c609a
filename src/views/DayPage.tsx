/** A summit day page (SPEC.md "Day pages"): one view for every edition and day. */
import { AffiliateDisclaimer } from '../components/AffiliateDisclaimer.tsx';
import { EpisodePlayer } from '../components/EpisodePlayer.tsx';
import { SubscribePanel } from '../components/SubscribePanel.tsx';
import { HostLoaderView } from '../components/host/HostLoaderView.tsx';
import { UpgradeBanner } from '../components/host/UpgradeBanner.tsx';
import { PersonalSlot } from '../components/PersonalSlot.tsx';
import { TimedPageBanner } from '../components/TimedPageBanner.tsx';
import { TodaysSpeakers } from '../components/TodaysSpeakers.tsx';
import { isAllowedAudioSrc, parseAudioEmbed } from '../domain/audio-embed.ts';
import { durationOrDefault } from '../domain/durations.ts';
import type { DayEpisode, DayPageData } from '../domain/day-page.ts';

/** An episode from the admin: our own audio in the native player, audio kept elsewhere through its embed when allowed. */
function DayEpisodeCard({ episode, day, audioHost }: { episode: DayEpisode; day: number; audioHost: string }) {
  return (
    <EpisodePlayer
      dayNumber={day}
      title={episode.speaker ? `${episode.title} · ${episode.speaker}` : episode.title}
      descriptionHtml={episode.descriptionHtml}
      duration={episode.duration ?? durationOrDefault(null, 'episodePlayer')}
      selfHosted={episode.audioSrc ? { src: episode.audioSrc, type: episode.contentType } : null}
      embed={
        episode.externalUrl && isAllowedAudioSrc(episode.externalUrl, audioHost)
          ? { kind: 'iframe', src: episode.externalUrl }
          : { kind: 'none' }
      }
      audioHost={audioHost}
      headingLevel="h2"
    />
  );
}

/** `personalSlot`: leave the access banner's place empty; the server fills it per request (src/server/page-loaders/cached-personal-pages.ts). */
export function DayPage({ data, path, personalSlot }: { data: DayPageData; path: string; personalSlot?: boolean }) {
  const dayLabel = `Day ${data.day}`;
  const info = data.dayInfo;
  const dayEmbed = parseAudioEmbed(info?.episodeEmbed, data.audioHost);
  return (
    <>
      <nav aria-label="Page" data-top-bar className="flex flex-wrap items-center justify-between gap-2 bg-ink px-6 py-2 text-sm text-white">
        <span>
          <span className="font-semibold">{data.editionName} Summit</span> · <span data-page-type>Summit day page</span> ·{' '}
          <span data-day-label>{dayLabel}</span>
        </span>
        {data.nextLabel ? <span data-next>Next: {data.nextLabel}</span> : null}
      </nav>
      {personalSlot ? <PersonalSlot /> : <TimedPageBanner access={data.access} now={data.now} dayLabel={dayLabel} returnTo={path} />}
      <main className="mx-auto max-w-5xl space-y-16 px-6 py-12">
        <header className="text-center">
          <p
            data-day-badge
            className="inline-block rounded-full bg-brand-primary/15 px-4 py-1 text-sm font-semibold text-brand-primary-strong"
          >
            {dayLabel}
          </p>
          <h1 className="mt-4 font-serif text-4xl font-bold">{info?.title ?? `${dayLabel} of the Summit`}</h1>
          {info?.subtitle ? <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">{info.subtitle}</p> : null}
        </header>
        <section aria-label="Today's session" className="space-y-6">
          {/* The edition day's player stays when it has an embed, or when the admin added no episodes. */}
          {dayEmbed.kind !== 'none' || data.episodes.length === 0 ? (
            <EpisodePlayer
              dayNumber={data.day}
              title={info?.episodeTitle ?? `${dayLabel} episode`}
              description={info?.episodeDescription}
              duration={durationOrDefault(info?.episodeDuration, 'episodePlayer')}
              embed={dayEmbed}
              audioHost={data.audioHost}
              headingLevel="h2"
            />
          ) : null}
          {data.episodes.map((episode) => (
            <DayEpisodeCard key={episode.id} episode={episode} day={data.day} audioHost={data.audioHost} />
          ))}
        </section>
        {data.subscribe ? <SubscribePanel {...data.subscribe} /> : null}
        <section aria-labelledby="host-heading">
          <h2 id="host-heading" className="sr-only">
            Your host
          </h2>
          <HostLoaderView
            {...(data.host.state === 'success' ? { state: 'success', host: data.host.data } : { state: 'error' })}
            summit={data.summit}
            day={data.day}
            context={data.hostContext}
            audioHost={data.audioHost}
            allAccessUrl={data.allAccessUrl}
          />
        </section>
        <TodaysSpeakers
          {...(data.speakers.state === 'success' ? { state: 'success', speakers: data.speakers.data } : { state: 'error' })}
          dayNumber={data.day}
        />
        <UpgradeBanner allAccessUrl={data.allAccessUrl} />
        <AffiliateDisclaimer />
      </main>
    </>
  );
}
