/** One top-level dashboard section: a <section> labelled by its h2 (the page's heading order is h1, h2 per section, h3 inside). */
import type { ReactNode } from 'react';

export const DASHBOARD_CARD_CLASS = 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-primary/15 sm:p-8';

/** A quiet, non-button external link style (brand text on white). */
export const TEXT_LINK_CLASS =
  'font-medium text-brand-primary-strong underline underline-offset-2 hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

/**
 * A grid of cards with as many columns as there are cards, up to three: one card is a centred
 * column of readable width, never a lone card in a three-column row. Cards keep their own
 * height (items-start): a short card beside a tall one does not grow blank space.
 */
export function cardGridClass(count: number): string {
  if (count <= 1) return 'mx-auto grid max-w-xl gap-6';
  if (count === 2) return 'grid items-start gap-6 md:grid-cols-2';
  return 'grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3';
}

export interface DashboardSectionProps {
  /** The section's key: the h2 gets id `${id}-heading`, the section data-dashboard-section={id}. */
  id: string;
  title: string;
  /** A line under the heading, e.g. the dates. */
  intro?: ReactNode;
  children: ReactNode;
}

export function DashboardSection({ id, title, intro, children }: DashboardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} data-dashboard-section={id}>
      <h2 id={headingId} className="text-center font-serif text-3xl font-bold text-ink sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-center text-lg text-muted">{intro}</p> : null}
      <div className="mt-10">{children}</div>
    </section>
  );
}

/** A failed block's message, announced to screen readers. */
export function BlockError({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 text-center text-ink ring-1 ring-ink/10">
      {children}
    </div>
  );
}

/** A quiet note in place of an empty list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-ink/10">{children}</p>;
}
