/**
 * The host card (SPEC.md "Host views" and section 5): photo, name, pronouns, website, modality
 * badges, bio, the hello audio (or August's 'Today's Sacred Container' placeholder), short
 * description, free gift (only with a title) and Implementation Week block (only when flagged).
 */
import { parseAudioEmbed } from '../../domain/audio-embed.ts';
import { durationOrDefault } from '../../domain/durations.ts';
import type { Host } from '../../domain/entities.ts';
import { resizedImage } from '../../domain/images.ts';
import { renderMarkup } from '../../markup/safe-html.ts';
import { fullName } from '../../domain/people.ts';
import { EpisodePlayer } from '../EpisodePlayer.tsx';
import { FreeGift } from './FreeGift.tsx';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { NewTabHint } from '../ExternalLinkButton.tsx';
import { ImplementationWeekBlock } from './ImplementationWeekBlock.tsx';

export const HOST_IMAGE_SIZE = 240;

export interface HostCardProps {
  host: Host;
  summit: string;
  context: 'public' | 'dashboard';
  durationPlace: 'hostCard' | 'hostView';
  audioHost: string;
  allAccessUrl: string;
}

const markupClass = 'text-muted [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-3 [&_ul]:list-disc';

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

export function HostCard({ host, summit, context, durationPlace, audioHost, allAccessUrl }: HostCardProps) {
  const name = fullName(host);
  const image = host.image ?? host.headshot;
  const website = safeHttpUrl(host.websiteUrl);
  const modalities = splitModalities(host.modalities);
  const bioHtml = renderMarkup(host.bio);
  const shortDescriptionHtml = renderMarkup(host.shortDescription);
  return (
    <article data-host-card="" className="space-y-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-primary/15 sm:p-10">
      <div className="flex flex-col items-center gap-8 text-center md:flex-row md:items-start md:text-left">
        {image ? (
          <img
            {...resizedImage(image, HOST_IMAGE_SIZE)}
            alt={`Portrait of ${name}`}
            width={HOST_IMAGE_SIZE}
            height={HOST_IMAGE_SIZE}
            loading="lazy"
            decoding="async"
            className="size-48 shrink-0 rounded-full object-cover shadow-lg shadow-brand-primary/15 sm:size-60"
          />
        ) : (
          <div aria-hidden="true" className="size-48 shrink-0 rounded-full bg-brand-primary/15 sm:size-60" />
        )}
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
          {bioHtml ? <div data-host-bio="" className={`mt-5 ${markupClass}`} dangerouslySetInnerHTML={{ __html: bioHtml }} /> : null}
        </div>
      </div>
      <HostAudio host={host} summit={summit} durationPlace={durationPlace} audioHost={audioHost} />
      {shortDescriptionHtml ? (
        <div data-host-short-description="" className={markupClass} dangerouslySetInnerHTML={{ __html: shortDescriptionHtml }} />
      ) : null}
      {host.freebie?.title ? <FreeGift freebie={host.freebie} /> : null}
      {host.implementationWeek ? (
        <ImplementationWeekBlock
          topic={host.implementationWeekTopic}
          description={host.implementationWeekDescription}
          integrationSessionLink={host.integrationSessionLink}
          context={context}
          allAccessUrl={allAccessUrl}
        />
      ) : null}
    </article>
  );
}
