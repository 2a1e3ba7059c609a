/** The items of a list of links (the admin's navigation and start page), each a <li> holding one link. */
export interface AdminLink {
  href: string;
  label: string;
}

/** The screens for the whole site, as every list of admin links names them. */
export const SITE_SCREENS = {
  brand: { href: '/admin/brand', label: 'Brand' },
  audit: { href: '/admin/audit', label: 'Audit log' },
} satisfies Record<string, AdminLink>;

export function LinkItems({ links, className }: { links: readonly AdminLink[]; className: string }) {
  return links.map((link) => (
    <li key={link.href}>
      <a className={className} href={link.href}>
        {link.label}
      </a>
    </li>
  ));
}
