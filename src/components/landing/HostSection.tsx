/** "Meet your host" (docs/PRODUCT.md "Landing page"): stock photo plus placeholders the summit host replaces. */
import { resizedImage } from '../../domain/images.ts';

/** A stock photo the host replaces with their own portrait. */
const HOST_PHOTO = '/demo/host-stock.jpg';

interface HostSectionProps {
  /** The applied brand's host; null fields show the placeholders the host replaces. */
  hostName: string | null;
  hostTitle: string | null;
  hostBio: string | null;
}

export function HostSection({ hostName, hostTitle, hostBio }: HostSectionProps) {
  return (
    <section id="host" aria-labelledby="host-heading" className="bg-white px-6 py-20 sm:py-24">
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
          <h2 id="host-heading" className="font-serif text-3xl font-bold text-ink sm:text-4xl">
            Meet Your Host
          </h2>
          <p className="mt-4 text-2xl font-semibold text-ink">{hostName ?? '[Your Name]'}</p>
          <p className="mt-1 text-muted">{hostTitle ?? '[X] years of guiding heart-led entrepreneurs'}</p>
          {hostBio ? (
            <p className="mt-6 text-lg whitespace-pre-line text-muted">{hostBio}</p>
          ) : (
            <p className="mt-6 rounded-2xl border border-dashed border-brand-primary/40 bg-surface p-5 text-lg text-muted">
              [Your bio goes here: placeholder text for the host to replace. Share your story, the work you do and why you are bringing
              these sacred business conversations together.]
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
