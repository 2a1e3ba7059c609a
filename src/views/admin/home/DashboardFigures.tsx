/**
 * The admin's home figures (src/domain/admin-home/dashboard.ts): one edition's numbers, each a
 * link to the screen that explains it, and the switch to the other editions. Server-rendered
 * links, no script.
 */
import type { AdminHomeState, DashboardFigure } from '../../../domain/admin-home/dashboard.ts';
import type { AdminNavEdition } from '../../../domain/admin.ts';
import { CARD, LINK } from '../../../components/form/styles.ts';

const FIGURE =
  'flex h-full flex-col rounded-xl bg-surface p-4 ring-1 ring-ink/10 hover:ring-brand-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

function Figure({ figure }: { figure: DashboardFigure }) {
  return (
    <li>
      <a href={figure.href} className={FIGURE} data-figure={figure.key}>
        {/* The label looks like the admin's other links: the whole card is one. */}
        <span className={`text-sm ${LINK}`}>{figure.label}</span>
        <span className="text-3xl font-semibold tabular-nums text-ink" data-figure-value="">
          {figure.value}
        </span>
        {figure.note ? <span className="text-sm text-muted">{figure.note}</span> : null}
      </a>
    </li>
  );
}

/** Links to each edition's figures; the shown one is marked, the home page's is named so. */
function EditionSwitch({ editions, homeSlug, shown }: { editions: AdminNavEdition[]; homeSlug: string; shown: string | null }) {
  return (
    <nav aria-labelledby="switch-label" className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <span id="switch-label" className="text-muted">
        Figures of:
      </span>
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        {editions.map((edition) => (
          <li key={edition.slug}>
            <a
              href={`/admin?edition=${encodeURIComponent(edition.slug)}`}
              className={LINK}
              aria-current={edition.slug === shown ? 'page' : undefined}
              data-edition-switch={edition.slug}
            >
              {edition.name}
              {edition.slug === homeSlug ? ' (home page)' : ''}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function DashboardFigures(home: AdminHomeState) {
  if (home.kind === 'no-editions') return null;
  const shown = home.kind === 'figures' ? home.edition : null;
  return (
    <section aria-labelledby="figures-heading" className={CARD} data-dashboard={shown?.slug ?? ''}>
      <h2 id="figures-heading" className="text-xl font-semibold">
        {shown ? `${shown.name} at a glance` : 'No such edition'}
      </h2>
      <div className="mt-2">
        <EditionSwitch editions={home.editions} homeSlug={home.homeSlug} shown={shown?.slug ?? null} />
      </div>
      {home.kind === 'figures' ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {home.figures.map((figure) => (
            <Figure key={figure.key} figure={figure} />
          ))}
        </ul>
      ) : (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm break-words text-red-800" data-unknown-edition="">
          There is no edition “{home.slug}”. Choose one of the editions above.
        </p>
      )}
    </section>
  );
}
