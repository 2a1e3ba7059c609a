/** The edition's sponsors (the demo's "Sacred Sponsors": one Premium, three Supporting) and the sponsorship enquiry link. */
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import type { Sponsor } from '../../domain/entities.ts';
import { resizedImage } from '../../domain/images.ts';
import { CenteredSection } from './CenteredSection.tsx';
import { LoadFailed } from './LoadFailed.tsx';

interface SponsorsSectionProps {
  sponsors: Sponsor[] | null;
  enquiryEmail: string;
  texts: LandingTexts['sponsors'];
}

export function SponsorsSection({ sponsors, enquiryEmail, texts }: SponsorsSectionProps) {
  return (
    <CenteredSection id="sponsors" title={texts.heading} className="bg-white px-6 py-20" width="max-w-6xl">
      {sponsors ? (
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {sponsors.map((sponsor) => (
            <SponsorCard
              key={sponsor.id}
              sponsor={sponsor}
              tierLabel={sponsor.type === 'Premium' ? texts.premiumLabel : texts.supportingLabel}
            />
          ))}
        </ul>
      ) : (
        <LoadFailed what="Our sponsors" />
      )}
      {texts.enquiryLabel ? <SponsorEnquiry texts={texts} email={enquiryEmail} /> : null}
    </CenteredSection>
  );
}

function SponsorEnquiry({ texts, email }: { texts: LandingTexts['sponsors']; email: string }) {
  return (
    <p className="mt-10 text-center text-muted">
      {texts.enquiryPrompt ? `${texts.enquiryPrompt} ` : null}
      <a
        href={`mailto:${email}?subject=Sponsorship%20enquiry`}
        className="font-semibold text-brand-primary-strong underline underline-offset-4"
      >
        {texts.enquiryLabel}
      </a>
    </p>
  );
}

function SponsorCard({ sponsor, tierLabel }: { sponsor: Sponsor; tierLabel: string }) {
  return (
    <li
      data-sponsor-card
      className={`flex flex-col rounded-3xl p-6 ring-1 ${sponsor.type === 'Premium' ? 'bg-brand-primary/5 ring-brand-primary/40' : 'bg-surface ring-ink/10'}`}
    >
      <img
        {...resizedImage(sponsor.logo, 320)}
        alt={`${sponsor.name} logo`}
        width={320}
        height={160}
        loading="lazy"
        decoding="async"
        className="h-20 w-full object-contain"
      />
      {tierLabel ? <p className="mt-4 text-xs font-semibold tracking-wide text-brand-primary-strong uppercase">{tierLabel}</p> : null}
      <h3 className="mt-1 font-serif text-lg font-bold">{sponsor.name}</h3>
      <p className="mt-2 flex-1 text-sm text-muted">{sponsor.description}</p>
      <p className="mt-4 rounded-xl bg-brand-accent/10 px-3 py-2 text-sm font-semibold text-ink">{sponsor.offer}</p>
    </li>
  );
}
