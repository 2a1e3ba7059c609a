/** A summit day page (docs/PRODUCT.md "Day pages"): one view for every edition and day. */
import { AffiliateDisclaimer } from '../components/AffiliateDisclaimer.tsx';
import { DayEpisodes } from '../components/DayEpisodes.tsx';
import { SubscribePanel } from '../components/SubscribePanel.tsx';
import { HostLoaderView } from '../components/host/HostLoaderView.tsx';
import { UpgradeBanner } from '../components/host/UpgradeBanner.tsx';
import { PersonalSlot } from '../components/PersonalSlot.tsx';
import { TimedPageBanner } from '../components/TimedPageBanner.tsx';
import { TodaysSpeakers } from '../components/TodaysSpeakers.tsx';
import type { DayPageData } from '../domain/day-page.ts';
import { summitTitle } from '../domain/summit-title.ts';

/** `personalSlot`: leave the access banner's place empty; the server fills it per request (src/server/page-loaders/cached-personal-pages.ts). */
export function DayPage({ data, path, personalSlot }: { data: DayPageData; path: string; personalSlot?: boolean }) {
  const dayLabel = `Day ${data.day}`;
  const info = data.dayInfo;
  return (
    <>
      <nav aria-label="Page" data-top-bar className="flex flex-wrap items-center justify-between gap-2 bg-ink px-6 py-2 text-sm text-white">
        <span>
          <span className="font-semibold">{summitTitle(data.editionName)}</span> · <span data-page-type>Summit day page</span> ·{' '}
          <span data-day-label>{dayLabel}</span>
        </span>
        {data.nextLabel ? <span data-next>Next: {data.nextLabel}</span> : null}
      </nav>
      {personalSlot ? (
        <PersonalSlot />
      ) : (
        <TimedPageBanner access={data.access} now={data.now} dayLabel={dayLabel} returnTo={path} timeZone={data.timeZone} />
      )}
      <main className="mx-auto max-w-5xl space-y-16 px-6 py-12">
        <header className="text-center">
          <p
            data-day-badge
            className="inline-block rounded-full bg-brand-primary/10 px-4 py-1 text-sm font-semibold text-brand-primary-strong"
          >
            {dayLabel}
          </p>
          <h1 className="mt-4 font-serif text-4xl font-bold">{info?.title ?? `${dayLabel} of the Summit`}</h1>
          {info?.subtitle ? <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">{info.subtitle}</p> : null}
        </header>
        <section aria-label="Today's session" className="space-y-6">
          <DayEpisodes
            day={data.day}
            dayTitle={info?.title ?? `${dayLabel} of the Summit`}
            playerLength={info?.playerLength}
            episodes={data.episodes}
            listening={data.listening}
            audioHost={data.audioHost}
            headingLevel="h2"
          />
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
            fallbackTexts={data.texts.hostCard}
            allAccessName={data.allAccessName}
          />
        </section>
        <TodaysSpeakers
          {...(data.speakers.state === 'success' ? { state: 'success', speakers: data.speakers.data } : { state: 'error' })}
          dayNumber={data.day}
        />
        {data.offerShown ? (
          <UpgradeBanner allAccessUrl={data.allAccessUrl} passName={data.allAccessName} texts={data.texts.upgrade} />
        ) : null}
        <AffiliateDisclaimer text={data.texts.disclaimer} />
      </main>
    </>
  );
}
