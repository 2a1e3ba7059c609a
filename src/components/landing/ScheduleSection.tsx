/** "Summit Schedule" (docs/PRODUCT.md "Landing page"): the summit's card, an optional later card and the edition's "what makes this different". */
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import { CenteredSection } from './CenteredSection.tsx';
import { DotList } from './DotList.tsx';

export interface ScheduleSectionProps {
  texts: LandingTexts['schedule'];
  /** 'July 15-17' */
  summitDates: string;
  /** The later card's dates: 'July 22-26' (the demo retreat's card reading), or '' for none. */
  laterCardDates: string;
}

interface CardProps {
  card: LandingTexts['schedule']['summitCard'];
  dates: string;
}

function ScheduleCard({ card, dates }: CardProps) {
  return (
    <li className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-primary/15">
      <h3 className="font-serif text-2xl font-bold text-ink">{card.title}</h3>
      {dates ? <p className="mt-2 text-lg font-medium text-ink">{dates}</p> : null}
      {card.tagline ? <p className="text-muted">{card.tagline}</p> : null}
      <DotList items={card.points} className="mt-6 space-y-2 text-ink" />
    </li>
  );
}

export function ScheduleSection({ texts, summitDates, laterCardDates }: ScheduleSectionProps) {
  const cards = [
    { card: texts.summitCard, dates: summitDates },
    { card: texts.laterCard, dates: laterCardDates },
  ].filter(({ card }) => card.title !== '');
  return (
    <CenteredSection id="schedule" title={texts.heading} className="px-6 py-20 sm:py-24" width="max-w-5xl" inkHeading>
      {cards.length > 0 ? (
        <ul className={`mt-12 grid gap-6 ${cards.length > 1 ? 'md:grid-cols-2' : 'mx-auto max-w-xl'}`}>
          {cards.map(({ card, dates }) => (
            <ScheduleCard key={card.title} card={card} dates={dates} />
          ))}
        </ul>
      ) : null}
      {texts.difference.length > 0 ? (
        <div className="mt-8 rounded-3xl bg-gradient-to-br from-brand-primary/10 to-brand-secondary/10 p-8 text-center">
          {texts.differenceHeading ? <h3 className="font-serif text-2xl font-bold text-ink">{texts.differenceHeading}</h3> : null}
          <ul className="mt-5 flex flex-wrap justify-center gap-3">
            {texts.difference.map((item) => (
              <li key={item} className="rounded-full bg-white px-5 py-2 font-medium text-ink shadow-sm">
                {item}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </CenteredSection>
  );
}
