/** "Your Summit Days": every day of the edition in the accordion, on the full and the reduced dashboard alike. */
import type { ComponentProps } from 'react';
import type { DashboardPageData } from '../../domain/dashboard-page.ts';
import { DashboardSection } from './DashboardSection.tsx';
import { DayAccordion } from './DayAccordion.tsx';
import { PASS_LABELS } from '../../domain/passes.ts';

export function SummitDaysSection({
  data,
  allAccessUrl,
  hostContext = 'dashboard',
}: {
  data: DashboardPageData;
  /** Where the host views' and speakers' call to action leads. */
  allAccessUrl: string;
  hostContext?: ComponentProps<typeof DayAccordion>['hostContext'];
}) {
  return (
    <DashboardSection id="summit-days" title="Your Summit Days">
      <DayAccordion
        days={data.days}
        speakers={data.speakers}
        summit={data.summit}
        audioHost={data.audioHost}
        allAccessUrl={allAccessUrl}
        // The edition's own name for the pass (its settings' tiers), never a fixed one.
        allAccessName={data.tiers.find((tier) => tier.id === 'aap')?.name ?? PASS_LABELS.aap}
        hostContext={hostContext}
      />
    </DashboardSection>
  );
}
