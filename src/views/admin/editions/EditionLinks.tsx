import { CARD, LINK } from '../../../components/form/styles.ts';
import type { EditionViewProps } from './edition-view-props.ts';

function LinkList({ links }: { links: { href: string; label: string; external?: boolean }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {links.map((link) => (
        <li key={link.href}>
          <a className={LINK} href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Links to the edition's pages on the site, its content screens and its exports. */
export function EditionLinks({
  slug,
  registrants,
  speakers,
  embeds,
}: Pick<EditionViewProps, 'slug' | 'registrants' | 'speakers' | 'embeds'>) {
  const publicLinks = [
    { href: `/${slug}/day-1`, label: 'Day 1', external: true },
    { href: `/${slug}/day-2`, label: 'Day 2', external: true },
    { href: `/${slug}/day-3`, label: 'Day 3', external: true },
    { href: `/${slug}/dashboard`, label: 'Dashboard', external: true },
    ...(embeds.speakers ? [{ href: `/${slug}/speakers-embed`, label: 'Speakers widget', external: true }] : []),
    ...(embeds.implementation ? [{ href: `/${slug}/implementation-embed`, label: 'Implementation widget', external: true }] : []),
    ...(embeds.bonusBundle ? [{ href: `/${slug}/bonus-bundle-embed`, label: 'Bonus bundle widget', external: true }] : []),
  ];
  const contentLinks = [
    { href: `/admin/editions/${slug}/episodes`, label: 'Episodes (audio)' },
    { href: `/admin/editions/${slug}/podcast`, label: 'Podcast settings (artwork, category)' },
    { href: `/admin/content/speakers?edition=${slug}`, label: `Speakers (${speakers})` },
    { href: `/admin/content/hosts?edition=${slug}`, label: 'Hosts' },
    { href: `/admin/content/sessions?edition=${slug}`, label: 'Implementation sessions' },
    { href: `/admin/content/bonus?edition=${slug}`, label: 'Bonus bundle' },
    { href: `/admin/registrants?edition=${slug}`, label: `Registrants (${registrants})` },
    { href: `/admin/editions/${slug}/messages`, label: 'E-mails and outbox' },
    { href: `/admin/editions/${slug}/rehearsal`, label: 'Rehearse the summit' },
    { href: `/admin/insights?edition=${slug}`, label: 'Insights' },
    { href: `/admin/editions/${slug}/share-links`, label: 'Share links and speakers’ pages' },
  ];

  return (
    <section aria-labelledby="links-heading" className={CARD}>
      <h2 id="links-heading" className="sr-only">
        Pages and content
      </h2>
      <p className="text-sm font-semibold">On the site</p>
      <LinkList links={publicLinks} />
      <p className="mt-4 text-sm font-semibold">Content</p>
      <LinkList links={contentLinks} />
      <p className="mt-4 text-sm font-semibold">Export</p>
      <LinkList
        links={[
          { href: `/admin/editions/${slug}/export.json`, label: 'Whole edition (JSON)' },
          { href: `/admin/editions/${slug}/speakers.csv`, label: 'Speakers (CSV)' },
        ]}
      />
    </section>
  );
}
