/** "Meet your host" (docs/PRODUCT.md "Landing page"): the brand's host, or the edition's placeholders while the brand names none. */
import { OptionalHeading, headingId } from '../OptionalHeading.tsx';
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import { resizedImage } from '../../domain/images.ts';

/** A stock photo the host replaces with their own portrait. */
const HOST_PHOTO = '/demo/host-stock.jpg';

interface HostSectionProps {
  /** The applied brand's host; null fields show the edition's placeholders. */
  hostName: string | null;
  hostTitle: string | null;
  hostBio: string | null;
  texts: LandingTexts['host'];
}

export function HostSection({ hostName, hostTitle, hostBio, texts }: HostSectionProps) {
  const title = hostName ? hostTitle : (hostTitle ?? texts.placeholderTitle);
  const placeholderBio = hostName ? '' : texts.placeholderBio;
  return (
    <section id="host" aria-labelledby={headingId('host-heading', texts.heading)} className="bg-white px-6 py-20 sm:py-24">
      <div className="mx-auto grid max-w-5xl items-center gap-12 md:grid-cols-[20rem_1fr]">
        <img
          {...resizedImage(HOST_PHOTO, 320)}
          alt="Stock photo placeholder: a microphone surrounded by soft sound waves"
          width={320}
          height={400}
          loading="lazy"
          className="mx-auto h-auto w-full max-w-xs rounded-3xl shadow-xl shadow-brand-primary/15"
        />
        <div>
          <OptionalHeading id="host-heading" text={texts.heading} className="font-serif text-3xl font-bold text-ink sm:text-4xl" />
          <p className="mt-4 text-2xl font-semibold text-ink">{hostName ?? texts.placeholderName}</p>
          {title ? <p className="mt-1 text-muted">{title}</p> : null}
          {hostBio ? <p className="mt-6 text-lg whitespace-pre-line text-muted">{hostBio}</p> : null}
          {!hostBio && placeholderBio ? (
            <p className="mt-6 rounded-2xl border border-dashed border-brand-primary/40 bg-surface p-5 text-lg text-muted">
              {placeholderBio}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
