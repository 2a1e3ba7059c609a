/** The landing footer (SPEC.md section 2), plus the brand's social and legal links and links for would-be summit hosts. */
import type { SiteBrand } from '../../domain/brand.ts';
import { safeHttpUrl } from '../../domain/url-policy.ts';

export function SiteFooter({ brand }: { brand: Pick<SiteBrand, 'summitName' | 'socialLinks' | 'legal'> }) {
  const legalLinks = [
    { label: 'Privacy policy', url: safeHttpUrl(brand.legal.privacyPolicyUrl) },
    { label: 'Terms of service', url: safeHttpUrl(brand.legal.termsOfServiceUrl) },
  ].filter((link): link is { label: string; url: string } => link.url !== null);
  return (
    <footer className="bg-gradient-to-br from-brand-primary/15 to-brand-secondary/10 px-6 pt-16 pb-28 text-center">
      <div className="mx-auto max-w-3xl">
        <h2 className="font-serif text-3xl font-bold text-ink">Ready to align your business with your soul?</h2>
        <p className="mt-3 text-lg text-muted">Join us for three days of sacred business conversations.</p>
        <p className="mt-10 text-sm text-muted">
          Host your own summit:{' '}
          <a href="/setup-guide" className="font-medium text-ink underline underline-offset-4 hover:no-underline">
            Setup guide
          </a>{' '}
          ·{' '}
          <a href="/brand-config" className="font-medium text-ink underline underline-offset-4 hover:no-underline">
            Brand configuration
          </a>
        </p>
        {brand.socialLinks.length > 0 ? (
          <ul className="mt-6 flex flex-wrap justify-center gap-4 text-sm" aria-label="Follow us">
            {brand.socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" className="font-medium text-ink underline underline-offset-4">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {legalLinks.length > 0 ? (
          <p className="mt-4 flex justify-center gap-4 text-sm">
            {legalLinks.map((link) => (
              <a key={link.label} href={link.url} className="text-muted underline underline-offset-4">
                {link.label}
              </a>
            ))}
          </p>
        ) : null}
        <p className="mt-4 text-sm text-muted">
          © 2025 {brand.legal.companyName ?? brand.summitName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
