/**
 * The site header's markup (decision 0018), rendered to static HTML by
 * src/layouts/SiteHeader.astro (no React runtime in the browser). One row on a desktop: the
 * brand (its logo, or the summit name in the brand's heading font) on the left, the links on
 * the right. On a phone the registrant's five links take a second row under the brand.
 *
 * Both link groups are always in the markup and one is `hidden`: public pages are cached for
 * everyone and render the visitor's links, and the header's inline script swaps in the
 * registrant's from the `summit_signed_in` hint cookie before the rest of the page is parsed,
 * so the swap is never seen and shifts nothing.
 *
 * Targets are at least 36 px high (WCAG 2.2 asks 24), every link shows a focus ring, and the
 * current page is marked with aria-current.
 */
import type { SiteBrand } from '../domain/brand.ts';
import { resizedImage } from '../domain/images.ts';

export const REGISTRANT_PAGES = [
  ['day-1', 'Day 1'],
  ['day-2', 'Day 2'],
  ['day-3', 'Day 3'],
  ['dashboard', 'Dashboard'],
] as const;

interface Props {
  brand: Pick<SiteBrand, 'summitName' | 'logoUrl'>;
  /** The signed-in registrant's edition; null when known to be signed out; undefined on public (cached) pages. */
  signedIn: { editionSlug: string } | null | undefined;
  /** The page's path, to mark the current link. */
  currentPath: string;
  /** Where the header's "Register" call to action goes (the landing page only); none when absent. */
  registerHref?: string | null | undefined;
}

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';
const LINK = `inline-flex min-h-9 items-center rounded-full px-2.5 font-medium whitespace-nowrap text-ink/80 transition-colors hover:bg-brand-primary/10 hover:text-brand-primary-strong aria-[current=page]:bg-brand-primary/10 aria-[current=page]:text-brand-primary-strong sm:min-h-10 sm:px-3 ${FOCUS}`;

export function SiteHeaderBar({ brand, signedIn, currentPath, registerHref }: Props) {
  const slug = signedIn?.editionSlug ?? '';
  const logo = brand.logoUrl ? resizedImage(brand.logoUrl, 160) : null;
  return (
    <header data-site-header="" data-known={signedIn === undefined ? undefined : ''} className="border-b border-ink/10 bg-white text-sm">
      {/* The brand's colours as a thin line along the top: decoration only. */}
      <div aria-hidden="true" className="h-1 bg-linear-to-r from-brand-primary via-brand-secondary to-brand-accent" />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:flex-nowrap sm:gap-x-6 sm:px-6 sm:py-3">
        <a
          href="/"
          aria-current={currentPath === '/' ? 'page' : undefined}
          className={`mr-auto flex min-h-10 min-w-0 items-center rounded-md ${FOCUS}`}
        >
          {logo?.src ? (
            // A fixed box (object-contain) whatever the logo's proportions: nothing moves when it loads.
            <img
              {...logo}
              alt={brand.summitName}
              width={160}
              height={40}
              decoding="async"
              data-brand-logo=""
              className="h-8 w-32 object-contain object-left sm:h-10 sm:w-40"
            />
          ) : (
            <span data-brand-name="" className="font-serif text-[0.95rem] leading-tight font-bold text-ink sm:text-xl">
              {brand.summitName}
            </span>
          )}
        </a>
        <nav
          aria-label="Your summit"
          data-registrant-nav=""
          hidden={!signedIn}
          className="order-last -mx-2.5 w-[calc(100%+1.25rem)] sm:order-none sm:mx-0 sm:w-auto"
        >
          <ul className="flex flex-wrap items-center justify-between gap-1 sm:justify-end">
            {REGISTRANT_PAGES.map(([page, label]) => {
              const href = slug ? `/${slug}/${page}` : '#';
              return (
                <li key={page}>
                  <a href={href} data-page={page} aria-current={slug && currentPath === href ? 'page' : undefined} className={LINK}>
                    {label}
                  </a>
                </li>
              );
            })}
            <li>
              <form method="post" action="/access/sign-out">
                <button
                  className={`inline-flex min-h-9 cursor-pointer items-center rounded-full px-2.5 font-medium whitespace-nowrap text-muted ring-1 ring-ink/15 transition-colors hover:text-ink hover:ring-ink/30 sm:ml-2 sm:min-h-10 sm:px-3 ${FOCUS}`}
                >
                  Sign out
                </button>
              </form>
            </li>
          </ul>
        </nav>
        <div data-visitor-links="" hidden={Boolean(signedIn)} className="-ml-2.5 flex shrink-0 items-center gap-1 sm:ml-0 sm:gap-2">
          <a href="/access" data-find-access="" aria-current={currentPath === '/access' ? 'page' : undefined} className={LINK}>
            Find my access
          </a>
          {registerHref ? (
            <a
              href={registerHref}
              data-header-register=""
              className={`inline-flex min-h-9 items-center rounded-full bg-brand-primary-strong px-4 font-semibold whitespace-nowrap text-white shadow-sm transition hover:brightness-110 sm:min-h-10 sm:px-5 ${FOCUS}`}
            >
              Register
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
}
