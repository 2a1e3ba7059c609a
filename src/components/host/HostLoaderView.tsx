/**
 * The host loader view (docs/PRODUCT.md "Host views"): a spinner while loading; on error or
 * when no host is found, a generic 'Your Host' card; otherwise the host card.
 */
import type { ShownHost } from '../../domain/shown-content.ts';
import { Spinner } from '../Spinner.tsx';
import { HostCard } from './HostCard.tsx';

export type HostLoaderViewProps = ({ state: 'loading' } | { state: 'error' } | { state: 'success'; host: ShownHost | null }) & {
  summit: string;
  day: number;
  context: 'public' | 'dashboard';
  audioHost: string;
  allAccessUrl: string;
  /** The edition's name for the All Access Pass. */
  allAccessName: string;
};

function FallbackHostCard({ day }: { day: number }) {
  return (
    <article
      data-host-fallback=""
      className="flex flex-col items-center gap-6 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-brand-primary/15 sm:p-10"
    >
      <div aria-hidden="true" className="size-32 rounded-full bg-gradient-to-br from-brand-primary/20 to-brand-secondary/20" />
      <div>
        <h3 className="font-serif text-3xl font-bold text-ink">Your Host</h3>
        <p className="mt-1 font-medium text-brand-primary-strong">Your guide for Day {day}</p>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          Welcome to today's sacred conversations. Settle in, get comfortable and let the audio hold you.
        </p>
      </div>
    </article>
  );
}

export function HostLoaderView(props: HostLoaderViewProps) {
  let body;
  if (props.state === 'loading') body = <Spinner label="Loading host..." />;
  else if (props.state === 'error' || props.host === null) body = <FallbackHostCard day={props.day} />;
  else
    body = (
      <HostCard
        host={props.host}
        summit={props.summit}
        context={props.context}
        durationPlace="hostView"
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
