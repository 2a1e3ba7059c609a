/**
 * The summit for a page's behaviour is derived from the URL path (docs/PRODUCT.md "Editions"): a path
 * containing /august/ or /september/ selects that summit; anything else is july. Editions are
 * data, so the candidates are passed in; the default list is the spec's.
 *
 * "Anything else" is the edition the host shows on the home page (src/server/editions/home-edition.ts,
 * decision 0031); DEFAULT_SUMMIT is the one shown out of the box, so the behaviour of docs/PRODUCT.md holds until
 * the host chooses another. It is also the demo edition the bundled fallback speakers belong to.
 */
export const DEFAULT_SUMMIT = 'july';

export function summitFromPath(
  pathname: string,
  editionSlugs: readonly string[] = ['august', 'september'],
  fallback: string = DEFAULT_SUMMIT,
): string {
  const withTrailingSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return editionSlugs.find((slug) => slug !== fallback && withTrailingSlash.includes(`/${slug}/`)) ?? fallback;
}
