/** The landing page: every section of docs/PRODUCT.md "Landing page", in the spec's order. */
import { AboutSection } from '../components/landing/AboutSection.tsx';
import { FaqSection } from '../components/landing/FaqSection.tsx';
import { Hero } from '../components/landing/Hero.tsx';
import { HostSection } from '../components/landing/HostSection.tsx';
import { ScheduleSection } from '../components/landing/ScheduleSection.tsx';
import { AffiliateDisclaimer } from '../components/AffiliateDisclaimer.tsx';
import { ClosingSection } from '../components/landing/ClosingSection.tsx';
import { SpeakersSection } from '../components/landing/SpeakersSection.tsx';
import { SponsorsSection } from '../components/landing/SponsorsSection.tsx';
import { StickyBar } from '../components/landing/StickyBar.tsx';
import { WhyAudioSection } from '../components/landing/WhyAudioSection.tsx';
import type { SpeakersState } from '../components/SpeakersGrid.tsx';
import type { SiteBrand } from '../domain/brand.ts';
import type { FaqItem, Sponsor } from '../domain/entities.ts';

export interface LandingPageProps {
  brand: SiteBrand;
  registerHref: string;
  /** The hero's line naming the edition shown: 'July 15-17, 2025'. */
  editionLine: string;
  summitDates: string;
  retreatCardDates: string;
  speakers: SpeakersState;
  sponsors: Sponsor[] | null;
  sponsorshipEmail: string;
  faqItems: FaqItem[] | null;
}

export function LandingPage(props: LandingPageProps) {
  return (
    <>
      <main>
        <Hero registerHref={props.registerHref} editionLine={props.editionLine} brand={props.brand} />
        <AboutSection />
        <HostSection hostName={props.brand.hostName} hostTitle={props.brand.hostTitle} hostBio={props.brand.hostBio} />
        <WhyAudioSection />
        <SpeakersSection speakers={props.speakers} />
        <ScheduleSection summitDates={props.summitDates} retreatCardDates={props.retreatCardDates} />
        <SponsorsSection sponsors={props.sponsors} enquiryEmail={props.sponsorshipEmail} />
        <FaqSection items={props.faqItems} />
        <ClosingSection brand={props.brand} />
        {/* The landing shows sponsor offers too (docs/PRODUCT.md "The product and its audience": pages carry the disclaimer). */}
        <AffiliateDisclaimer />
      </main>
      <StickyBar registerHref={props.registerHref} label={`Save Your Free Spot - ${props.summitDates}`} />
    </>
  );
}
