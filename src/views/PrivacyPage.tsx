/** /privacy (docs/PRODUCT.md "Privacy page"): what this site records, composed from the site itself (src/domain/privacy/). */
import { privacySections, retentionSentence, type PrivacyFacts, type PrivacySection } from '../domain/privacy/privacy-notice.ts';
import { safeHttpUrl } from '../domain/url-policy.ts';

const LINK = 'text-brand-primary-strong underline underline-offset-4';

function CookieTable({ cookies }: Pick<PrivacyFacts, 'cookies'>) {
  return (
    // On a phone the table scrolls sideways: the region takes focus so a keyboard can scroll it too.
    <div className="mt-4 overflow-x-auto" role="region" aria-labelledby="cookie-table-caption" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption id="cookie-table-caption" className="sr-only">
          The cookies this site sets
        </caption>
        <thead>
          <tr className="border-b border-ink/10">
            <th scope="col" className="py-2 pr-4">
              Cookie
            </th>
            <th scope="col" className="py-2 pr-4">
              Who gets it
            </th>
            <th scope="col" className="py-2 pr-4">
              What for
            </th>
            <th scope="col" className="py-2">
              Lasts
            </th>
          </tr>
        </thead>
        <tbody>
          {cookies.map((cookie) => (
            <tr key={cookie.name} className="border-b border-ink/5 align-top">
              <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal">
                {cookie.name}
              </th>
              <td className="py-2 pr-4">{cookie.who}</td>
              <td className="py-2 pr-4">{cookie.purpose}</td>
              <td className="py-2">{cookie.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SectionExtra({ section, facts }: { section: PrivacySection; facts: PrivacyFacts }) {
  if (section.id === 'cookies') return <CookieTable cookies={facts.cookies} />;
  if (section.id === 'providers' && facts.providers.length)
    return (
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {facts.providers.map((provider) => (
          <li key={provider.name}>
            <strong>{provider.name}</strong>: {provider.receives}
          </li>
        ))}
      </ul>
    );
  if (section.id === 'retention' && facts.editions.length)
    return (
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {facts.editions.map((edition) => (
          <li key={edition.name}>
            <strong>{edition.name}</strong>: {retentionSentence(edition.retention)}
          </li>
        ))}
      </ul>
    );
  return null;
}

export function PrivacyPage({ facts }: { facts: PrivacyFacts }) {
  const policyUrl = safeHttpUrl(facts.policyUrl);
  return (
    <main className="bg-surface px-6 py-12">
      <article className="mx-auto max-w-3xl space-y-10 rounded-3xl bg-white p-8 shadow-xl">
        <header>
          <h1 className="font-serif text-3xl font-bold">Privacy at this site</h1>
          <p className="mt-2 text-muted">What this site records about you, why, for how long, and who else sees it.</p>
          {policyUrl ? (
            <p className="mt-2 text-sm">
              {facts.owner}’s full privacy policy:{' '}
              <a className={LINK} href={policyUrl} target="_blank" rel="noopener noreferrer">
                read it here<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </header>
        {privacySections(facts).map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} data-privacy-section={section.id}>
            <h2 id={`${section.id}-heading`} className="font-serif text-xl font-semibold">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3">
                {paragraph}
              </p>
            ))}
            <SectionExtra section={section} facts={facts} />
          </section>
        ))}
      </article>
    </main>
  );
}
