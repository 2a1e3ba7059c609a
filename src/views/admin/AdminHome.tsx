/** The admin's home: one edition's figures (docs/PRODUCT.md "Admin"), then each edition's screens and the site-wide ones. */
import type { AdminHomeState } from '../../domain/admin-home/dashboard.ts';
import { DashboardFigures } from './home/DashboardFigures.tsx';
import { FirstRunChecklist } from './home/FirstRunChecklist.tsx';
import { LinkItems, SITE_SCREENS, type AdminLink } from './LinkItems.tsx';

const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10';
const LINK = 'text-brand-primary-strong underline underline-offset-4';

/** An edition's screens. */
const editionLinks = (slug: string): AdminLink[] => [
  { href: `/admin/editions/${slug}`, label: 'Edition settings' },
  { href: `/admin/content/speakers?edition=${slug}`, label: 'Speakers' },
  { href: `/admin/content/hosts?edition=${slug}`, label: 'Hosts' },
  { href: `/admin/content/sessions?edition=${slug}`, label: 'Implementation sessions' },
  { href: `/admin/content/bonus?edition=${slug}`, label: 'Bonus bundle' },
  { href: `/admin/content/sponsors?edition=${slug}`, label: 'Sponsors' },
  { href: `/admin/content/faq?edition=${slug}`, label: 'FAQ' },
  { href: `/admin/registrants?edition=${slug}`, label: 'Registrants' },
  { href: `/admin/insights?edition=${slug}`, label: 'Insights' },
  { href: `/admin/editions/${slug}/share-links`, label: 'Share links' },
];

/** The screens for the whole site. */
const SITE_LINKS: AdminLink[] = [
  { href: '/admin/editions', label: 'All editions, import and export' },
  { href: '/admin/remove-demo', label: 'Remove the demo' },
  SITE_SCREENS.brand,
  SITE_SCREENS.audit,
];

export function AdminHome(home: AdminHomeState) {
  const { editions } = home;
  return (
    <div className="space-y-8">
      {home.firstRun ? <FirstRunChecklist steps={home.firstRun} /> : null}
      <DashboardFigures {...home} />
      <section aria-labelledby="editions-heading">
        <h2 id="editions-heading" className="text-xl font-semibold">
          Editions
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {editions.map((edition) => (
            <li key={edition.slug} className={CARD} data-admin-edition={edition.slug}>
              <h3 className="font-serif text-lg font-bold">{edition.name}</h3>
              <ul className="mt-3 space-y-1 text-sm">
                <LinkItems links={editionLinks(edition.slug)} className={LINK} />
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="site-heading" className={CARD}>
        <h2 id="site-heading" className="text-xl font-semibold">
          Whole site
        </h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <LinkItems links={SITE_LINKS} className={LINK} />
        </ul>
      </section>
    </div>
  );
}
