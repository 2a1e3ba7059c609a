/** One speaker in a grid: image, full name, topic in quotes and the sanitised short description. */
import type { ShownSpeaker } from '../domain/shown-content.ts';
import { PortraitImage } from './Portrait.tsx';
import { fullName } from '../domain/people.ts';
import { SafeHtmlBlock } from './SafeHtmlBlock.tsx';

export const SPEAKER_IMAGE_SIZE = 160;

/**
 * `aboveTheFold`: the card is at the top of its page (a widget's first card), so its image is
 * fetched at once and first instead of lazily: it is the page's largest paint. `headingLevel`: the
 * name's heading, one below the list's own (h2 in a widget, whose page has only its h1).
 */
export function SpeakerCard({
  speaker,
  aboveTheFold = false,
  headingLevel = 'h3',
}: {
  speaker: ShownSpeaker;
  aboveTheFold?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const name = fullName(speaker);
  const description = speaker.shortDescriptionHtml;
  const image = speaker.image ?? speaker.headshot;
  return (
    <li className="flex flex-col items-center rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-ink/5" data-speaker-card>
      {image ? (
        <PortraitImage
          image={image}
          name={name}
          size={SPEAKER_IMAGE_SIZE}
          aboveTheFold={aboveTheFold}
          className="size-32 rounded-full object-cover"
        />
      ) : (
        <div className="size-32 rounded-full bg-brand-primary/15" aria-hidden="true" />
      )}
      <Heading className="mt-4 font-serif text-lg font-bold">{name}</Heading>
      {speaker.topic ? <p className="mt-1 text-sm font-medium text-brand-primary-strong">“{speaker.topic}”</p> : null}
      {description ? <SafeHtmlBlock className="prose-sm mt-3 text-sm text-muted" html={description} /> : null}
    </li>
  );
}

/** A placeholder card of the same size, shown while speakers load. */
export function SpeakerCardSkeleton() {
  return (
    <li
      className="flex animate-pulse flex-col items-center rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/5"
      data-skeleton-card
      aria-hidden="true"
    >
      <div className="size-32 rounded-full bg-ink/10" />
      <div className="mt-4 h-5 w-32 rounded bg-ink/10" />
      <div className="mt-2 h-4 w-40 rounded bg-ink/10" />
      <div className="mt-3 h-12 w-full rounded bg-ink/5" />
    </li>
  );
}
