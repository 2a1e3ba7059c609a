/** "Summit Schedule" (docs/PRODUCT.md "Landing page"): two cards and the 'What Makes This Different' block. */
import { CenteredSection } from './CenteredSection.tsx';
import { DotList } from './DotList.tsx';

export interface ScheduleSectionProps {
  /** 'July 15-17' */
  summitDates: string;
  /** 'July 22-26' (the landing card reading, docs/PRODUCT.md "Summit Schedule") */
  retreatCardDates: string;
}

interface CardProps {
  title: string;
  dates: string;
  tagline: string;
  points: string[];
}

function ScheduleCard({ title, dates, tagline, points }: CardProps) {
  return (
    <li className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-primary/15">
      <h3 className="font-serif text-2xl font-bold text-ink">{title}</h3>
      <p className="mt-2 text-lg font-medium text-ink">{dates}</p>
      <p className="text-muted">{tagline}</p>
      <DotList items={points} className="mt-6 space-y-2 text-ink" />
    </li>
  );
}

export function ScheduleSection({ summitDates, retreatCardDates }: ScheduleSectionProps) {
  return (
    <CenteredSection id="schedule" title="Summit Schedule" className="px-6 py-20 sm:py-24" width="max-w-5xl" inkHeading>
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        <ScheduleCard
          title="Podcast Summit"
          dates={summitDates}
          tagline="3 days"
          points={['Audio-only', 'Listen on your schedule', 'Download for offline', 'Private podcast feed']}
        />
        <ScheduleCard
          title="Implementation Retreat"
          dates={retreatCardDates}
          tagline="A VIP integration experience"
          points={['Guided integration sessions', 'Digital retreat', 'Community space', 'Bonus content']}
        />
      </ul>
      <div className="mt-8 rounded-3xl bg-gradient-to-br from-brand-primary/10 to-brand-secondary/10 p-8 text-center">
        <h3 className="font-serif text-2xl font-bold text-ink">What Makes This Different</h3>
        <ul className="mt-5 flex flex-wrap justify-center gap-3">
          {['No live Zooms', 'No slideshows', 'No fluff'].map((item) => (
            <li key={item} className="rounded-full bg-white px-5 py-2 font-medium text-ink shadow-sm">
              {item}
            </li>
          ))}
        </ul>
      </div>
    </CenteredSection>
  );
}
