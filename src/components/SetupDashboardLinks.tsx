/**
 * The external dashboards a setup-guide item names (mail, DNS, hosting, database), for a host
 * who uses one of these services. They open in a new tab so the guide and its progress stay.
 */
import type { SetupLink } from '../domain/setup-guide.ts';
import { safeHttpUrl } from '../domain/url-policy.ts';
import { NewTabHint } from './ExternalLinkButton.tsx';

export function SetupDashboardLinks({ links }: { links: SetupLink[] }) {
  return (
    <ul data-dashboard-links="" className="flex flex-wrap gap-2">
      {links.map((link) => {
        const url = safeHttpUrl(link.url);
        if (!url) return null;
        return (
          <li key={url}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-9 items-center rounded-full bg-white px-4 py-1.5 text-sm font-medium text-brand-primary-strong ring-1 ring-brand-primary/30 hover:ring-brand-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
            >
              {link.label}
              <NewTabHint />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
