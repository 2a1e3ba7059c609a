/** The dashboard's opening (docs/PRODUCT.md "Dashboards"): the 'You're In' welcome, the summit dates and how long access lasts. */
import { summitTitle } from '../../domain/summit-title.ts';

export interface WelcomeHeaderProps {
  editionName: string;
  /** 'July 15-17 2025' */
  summitDates: string;
  accessDays: number;
}

export function WelcomeHeader({ editionName, summitDates, accessDays }: WelcomeHeaderProps) {
  return (
    <header data-welcome="" className="text-center">
      <p className="inline-block rounded-full bg-brand-primary/10 px-4 py-1 text-sm font-semibold text-brand-primary-strong">
        Members Dashboard
      </p>
      <h1 className="mt-4 font-serif text-4xl leading-tight font-bold text-ink sm:text-5xl">
        You're In, welcome to the {summitTitle(editionName)}
      </h1>
      <p data-summit-dates="" className="mt-4 text-lg font-medium text-ink">
        {summitDates}
      </p>
      <p data-access-days="" className="mx-auto mt-2 max-w-2xl text-muted">
        {`Your access to this dashboard lasts ${accessDays} days.`}
      </p>
    </header>
  );
}
