/** The landing page: every section of docs/PRODUCT.md "Landing page", in its order, in the edition's own words. */
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
import type { LandingView } from '../domain/landing-page.ts';

export type LandingPageProps = LandingView;

export function LandingPage(props: LandingPageProps) {
  const { texts, shown, brand } = props;
  return (
    <>
      <main>
        <Hero registerHref={props.registerHref} editionLine={props.editionLine} brand={brand} texts={texts.hero} />
        {shown.about ? <AboutSection texts={texts.about} bodyHtml={props.aboutHtml} /> : null}
        {shown.host ? (
          <HostSection hostName={brand.hostName} hostTitle={brand.hostTitle} hostBio={brand.hostBio} texts={texts.host} />
        ) : null}
        {shown.whyAudio ? <WhyAudioSection texts={texts.whyAudio} /> : null}
        {shown.speakers ? <SpeakersSection speakers={props.speakers} texts={texts.speakers} /> : null}
        {shown.schedule ? (
          <ScheduleSection texts={texts.schedule} summitDates={props.summitDates} laterCardDates={props.laterCardDates} />
        ) : null}
        {shown.sponsors ? <SponsorsSection sponsors={props.sponsors} enquiryEmail={props.sponsorshipEmail} texts={texts.sponsors} /> : null}
        {shown.faq ? <FaqSection items={props.faqItems} heading={texts.faq.heading} /> : null}
        {shown.closing ? <ClosingSection brand={brand} texts={texts.closing} /> : null}
        {/* The landing shows sponsor offers too (docs/PRODUCT.md "The product and its audience": pages carry the disclaimer). */}
        <AffiliateDisclaimer text={props.disclaimer} />
      </main>
      <StickyBar registerHref={props.registerHref} label={`${texts.hero.callToAction} - ${props.summitDates}`} />
    </>
  );
}
