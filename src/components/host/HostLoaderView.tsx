/**
 * The host loader view (docs/PRODUCT.md "Host views"): a spinner while loading; on error or
 * when no host is found, a generic 'Your Host' card; otherwise the host card.
 */
import type { HostCardTexts } from '../../domain/edition-texts/page-texts.ts';
import type { ShownHost } from '../../domain/shown-content.ts';
import { Spinner } from '../Spinner.tsx';
import { HostCard } from './HostCard.tsx';

export type HostLoaderViewProps = ({ state: 'loading' } | { state: 'error' } | { state: 'success'; host: ShownHost | null }) & {
  summit: string;
  day: number;
  context: 'public' | 'dashboard';
  audioHost: string;
  allAccessUrl: string;
  /** The card shown when the day has no host: the brand's host, or the edition's words. */
  fallbackTexts: HostCardTexts;
  /** The edition's name for the All Access Pass. */
  allAccessName: string;
  /**
   * Which default a host without an episode duration gets (docs/PRODUCT.md "Episode player and
   * episodes"): the loaded host view's (a day page), or the host card's (the dashboard's days).
   */
  durationPlace?: 'hostView' | 'hostCard';
};

function FallbackHostCard({ texts }: { texts: HostCardTexts }) {
  return (
    <article
      data-host-fallback=""
      className="flex flex-col items-center gap-6 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-brand-primary/15 sm:p-10"
    >
      <div
        aria-hidden="true"
        className="grid size-32 place-items-center rounded-full bg-gradient-to-br from-brand-primary/20 to-brand-secondary/20 font-serif text-4xl font-bold text-ink"
      >
        {texts.initials}
      </div>
      <div>
        <h3 className="font-serif text-3xl font-bold text-ink">{texts.heading}</h3>
        {texts.subheading ? <p className="mt-1 font-medium text-brand-primary-strong">{texts.subheading}</p> : null}
        {texts.welcome ? <p className="mx-auto mt-4 max-w-xl text-muted">{texts.welcome}</p> : null}
      </div>
    </article>
  );
}

export function HostLoaderView(props: HostLoaderViewProps) {
  let body;
  if (props.state === 'loading') body = <Spinner label="Loading host..." />;
  else if (props.state === 'error' || props.host === null) body = <FallbackHostCard texts={props.fallbackTexts} />;
  else
    body = (
      <HostCard
        host={props.host}
        summit={props.summit}
        context={props.context}
        durationPlace={props.durationPlace ?? 'hostView'}
        audioHost={props.audioHost}
        allAccessUrl={props.allAccessUrl}
        allAccessName={props.allAccessName}
      />
    );
  return (
    <div data-host-view="" data-state={props.state} aria-busy={props.state === 'loading' ? true : undefined}>
      {body}
    </div>
  );
}
