/**
 * A speaker on the dashboard: a compact card (photo, full name, topic, short description) and,
 * when the speaker runs an Implementation Week session, the member's access to it.
 */
import { Portrait } from '../Portrait.tsx';
import { fullName } from '../../domain/people.ts';
import type { ShownSpeaker } from '../../domain/shown-content.ts';
import { ImplementationWeekBlock } from '../host/ImplementationWeekBlock.tsx';
import { MARKUP_CLASS, SafeHtmlBlock } from '../SafeHtmlBlock.tsx';

export const DASHBOARD_SPEAKER_IMAGE_SIZE = 96;

/** `context`: the member's session link (All Access), or the purchase call to action on a reduced dashboard. */
export function DashboardSpeaker({
  speaker,
  allAccessUrl,
  allAccessName,
  context = 'dashboard',
}: {
  speaker: ShownSpeaker;
  allAccessUrl: string;
  allAccessName: string;
  context?: 'public' | 'dashboard';
}) {
  const name = fullName(speaker);
  const image = speaker.image ?? speaker.headshot;
  const descriptionHtml = speaker.shortDescriptionHtml;
  return (
    <li data-dashboard-speaker="" className="space-y-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6">
      <div className="flex items-start gap-4">
        <Portrait image={image} name={name} size={DASHBOARD_SPEAKER_IMAGE_SIZE} sizes="size-20 sm:size-24" />
        <div className="min-w-0 flex-1">
          <h4 className="font-serif text-lg font-bold text-ink">{name}</h4>
          {speaker.topic ? <p className="mt-1 text-sm font-medium text-brand-primary-strong">“{speaker.topic}”</p> : null}
          {descriptionHtml ? <SafeHtmlBlock className={`mt-2 text-sm ${MARKUP_CLASS}`} html={descriptionHtml} /> : null}
        </div>
      </div>
      <ImplementationWeekBlock person={speaker} context={context} allAccessUrl={allAccessUrl} allAccessName={allAccessName} />
    </li>
  );
}
