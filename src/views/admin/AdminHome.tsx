/** The admin's start page: each edition's content and the site-wide screens. */
import type { AdminNavEdition } from '../../domain/admin.ts';

const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10';
const LINK = 'text-brand-primary-strong underline underline-offset-4';

export function AdminHome({ editions }: { editions: AdminNavEdition[] }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="editions-heading">
        <h2 id="editions-heading" className="text-xl font-semibold">
          Editions
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {editions.map((edition) => (
            <EditionCard key={edition.slug} edition={edition} />
          ))}
        </ul>
      </section>
      <SiteLinks />
    </div>
  );
}

/** One edition's card: its settings, content and registrants. */
function EditionCard({ edition }: { edition: AdminNavEdition }) {
  return (
    <li className={CARD} data-admin-edition={edition.slug}>
      <h3 className="font-serif text-lg font-bold">{edition.name}</h3>
      <ul className="mt-3 space-y-1 text-sm">
        <li>
          <a className={LINK} href={`/admin/editions/${edition.slug}`}>
            Edition settings
          </a>
        </li>
        <li>
          <a className={LINK} href={`/admin/content/speakers?edition=${edition.slug}`}>
            Speakers
          </a>
        </li>
        <li>
          <a className={LINK} href={`/admin/content/hosts?edition=${edition.slug}`}>
            Hosts
          </a>
        </li>
        <li>
          <a className={LINK} href={`/admin/content/sessions?edition=${edition.slug}`}>
            Implementation sessions
          </a>
        </li>
        <li>
          <a className={LINK} href={`/admin/content/bonus?edition=${edition.slug}`}>
            Bonus bundle
          </a>
        </li>
        <li>
          <a className={LINK} href={`/admin/registrants?edition=${edition.slug}`}>
            Registrants
          </a>
        </li>
      </ul>
    </li>
  );
}

/** The screens that belong to the whole site rather than one edition. */
function SiteLinks() {
  return (
    <section aria-labelledby="site-heading" className={CARD}>
      <h2 id="site-heading" className="text-xl font-semibold">
        Whole site
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li>
          <a className={LINK} href="/admin/editions">
            All editions, import and export
          </a>
        </li>
        <li>
          <a className={LINK} href="/admin/content/sponsors">
            Sponsors
          </a>
        </li>
        <li>
          <a className={LINK} href="/admin/content/faq">
            FAQ
          </a>
        </li>
        <li>
          <a className={LINK} href="/admin/brand">
            Brand
          </a>
        </li>
        <li>
          <a className={LINK} href="/admin/audit">
            Audit log
          </a>
        </li>
      </ul>
    </section>
  );
}
