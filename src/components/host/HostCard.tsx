/**
 * The host card (docs/PRODUCT.md "Host views"): photo, name, pronouns, website, modality
 * badges, bio, the hello audio (or August's 'Today's Sacred Container' placeholder), short
 * description, free gift (only with a title) and Implementation Week block (only when flagged).
 */
import { parseAudioEmbed } from '../../domain/audio-embed.ts';
import { durationOrDefault } from '../../domain/durations.ts';
import { Portrait } from '../Portrait.tsx';
import { fullName } from '../../domain/people.ts';
import type { ShownHost } from '../../domain/shown-content.ts';
import { EpisodePlayer } from '../EpisodePlayer.tsx';
import { FreeGift } from './FreeGift.tsx';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { NewTabHint } from '../ExternalLinkButton.tsx';
import { ImplementationWeekBlock } from './ImplementationWeekBlock.tsx';
import { MARKUP_CLASS, SafeHtmlBlock } from '../SafeHtmlBlock.tsx';

export const HOST_IMAGE_SIZE = 240;

export interface HostCardProps {
  host: ShownHost;
  summit: string;
  context: 'public' | 'dashboard';
  durationPlace: 'hostCard' | 'hostView';
  audioHost: string;
  allAccessUrl: string;
  allAccessName: string;
}

/** "Breathwork, Reiki, " → ['Breathwork', 'Reiki']. */
export function splitModalities(modalities: string | null): string[] {
  return (modalities ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function HostAudio({ host, summit, durationPlace, audioHost }: Pick<HostCardProps, 'host' | 'summit' | 'durationPlace' | 'audioHost'>) {
  const duration = durationOrDefault(host.episodeDuration, durationPlace);
  if (host.helloAudioEmbedId?.trim()) {
    return (
      <EpisodePlayer
        title={`A hello from ${host.firstName}`}
        duration={duration}
        embed={parseAudioEmbed(host.helloAudioEmbedId, audioHost)}
        audioHost={audioHost}
      />
    );
  }
  if (summit === 'august') {
    return <EpisodePlayer title="Today's Sacred Container" duration={duration} embed={{ kind: 'none' }} audioHost={audioHost} />;
  }
  return null;
}

export function HostCard({ host, summit, context, durationPlace, audioHost, allAccessUrl, allAccessName }: HostCardProps) {
  const name = fullName(host);
  const image = host.image ?? host.headshot;
  const website = safeHttpUrl(host.websiteUrl);
  const modalities = splitModalities(host.modalities);
  const { bioHtml, shortDescriptionHtml } = host;
  return (
    <article data-host-card="" className="space-y-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-primary/15 sm:p-10">
      <div className="flex flex-col items-center gap-8 text-center md:flex-row md:items-start md:text-left">
        <Portrait image={image} name={name} size={HOST_IMAGE_SIZE} sizes="size-48 sm:size-60" castsShadow />
        <div className="min-w-0 flex-1">
          <h3 className="font-serif text-3xl font-bold text-ink">{name}</h3>
          {host.pronouns ? <p className="mt-1 text-muted">{host.pronouns}</p> : null}
          {website ? (
            <p className="mt-3">
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-primary-strong underline underline-offset-2 hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
              >
                Visit website
                <NewTabHint />
              </a>
            </p>
          ) : null}
          {modalities.length > 0 ? (
            <ul aria-label="Modalities" className="mt-4 flex flex-wrap justify-center gap-2 md:justify-start">
              {modalities.map((modality, index) => (
                <li
                  key={`${index}-${modality}`}
                  data-modality={modality}
                  className="rounded-full bg-brand-primary/10 px-3 py-1 text-sm font-medium text-brand-primary-strong"
                >
                  {modality}
                </li>
              ))}
            </ul>
          ) : null}
          {bioHtml ? <SafeHtmlBlock data-host-bio="" className={`mt-5 ${MARKUP_CLASS}`} html={bioHtml} /> : null}
        </div>
      </div>
      <HostAudio host={host} summit={summit} durationPlace={durationPlace} audioHost={audioHost} />
      {shortDescriptionHtml ? <SafeHtmlBlock data-host-short-description="" className={MARKUP_CLASS} html={shortDescriptionHtml} /> : null}
      {host.freebie?.title ? <FreeGift freebie={host.freebie} /> : null}
      <ImplementationWeekBlock person={host} context={context} allAccessUrl={allAccessUrl} allAccessName={allAccessName} />
    </article>
  );
}
