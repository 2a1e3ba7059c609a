/** Links that leave the site: new tab, no opener, and only to URLs the URL policy allows. */
import type { ReactNode } from 'react';
import { safeHttpUrl } from '../domain/url-policy.ts';

export const BUTTON_CLASS =
  'inline-flex items-center justify-center rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white shadow-md shadow-brand-primary/20 transition hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

/** Screen-reader hint for links that open a new tab. */
export function NewTabHint() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

/** A button-styled external link; renders nothing when the URL is not a safe http(s) URL. */
export function ExternalLinkButton({ href, children }: { href: string | null | undefined; children: ReactNode }) {
  const url = safeHttpUrl(href);
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={BUTTON_CLASS}>
      {children}
      <NewTabHint />
    </a>
  );
}
