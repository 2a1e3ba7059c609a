/**
 * The live workshop promo (docs/PRODUCT.md "Dashboards": July 30 at 10am AEST, $4.99; its price in the edition's currency). The
 * time is rendered on the server in Sydney time; src/scripts/local-time.ts rewrites the
 * <time data-local-time> element in the visitor's own time zone.
 */
import type { DashboardPageData } from '../../domain/dashboard-page.ts';
import { DAY_AND_TIME } from '../../domain/day-and-time.ts';
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';
import { DashboardSection } from './DashboardSection.tsx';

const SYDNEY_TIME = new Intl.DateTimeFormat('en-AU', { ...DAY_AND_TIME, timeZone: 'Australia/Sydney' });

/** 'Wednesday 30 July at 10:00 am AEST', or null when the instant is not a valid date. */
export function sydneyTime(startsAt: string): string | null {
  const instant = new Date(startsAt);
  return Number.isNaN(instant.getTime()) ? null : SYDNEY_TIME.format(instant);
}

export function WorkshopPromo({ workshop }: { workshop: NonNullable<DashboardPageData['workshop']> }) {
  const when = sydneyTime(workshop.startsAt);
  return (
    <DashboardSection id="workshop" title="Live Workshop">
      <article
        data-workshop=""
        className="mx-auto max-w-3xl rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-brand-primary/15 sm:p-10"
      >
        <h3 className="font-serif text-2xl font-bold text-ink">{workshop.title}</h3>
        {when ? (
          <>
            <p data-workshop-time="" className="mt-3 text-lg font-medium text-ink">{`Live ${when}`}</p>
            <p className="mt-1 text-sm text-muted">
              Your time:{' '}
              <time dateTime={workshop.startsAt} data-local-time="">
                {when}
              </time>
            </p>
          </>
        ) : null}
        <p data-workshop-price="" className="mt-5 font-serif text-4xl font-bold text-ink">
          {workshop.priceText}
        </p>
        <div className="mt-6">
          <ExternalLinkButton href={workshop.url}>Save My Seat</ExternalLinkButton>
        </div>
      </article>
    </DashboardSection>
  );
}
