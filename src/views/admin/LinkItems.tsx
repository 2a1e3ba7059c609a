/** The items of a list of links (the admin's navigation and start page), each a <li> holding one link. */
export interface AdminLink {
  href: string;
  label: string;
}

export function LinkItems({ links, className }: { links: readonly AdminLink[]; className: string }) {
  return links.map((link) => (
    <li key={link.href}>
      <a className={className} href={link.href}>
        {link.label}
      </a>
    </li>
  ));
}
