/**
 * The summit for a page's behaviour is derived from the URL path (SPEC.md section 2): a path
 * containing /august/ or /september/ selects that summit; anything else is july. Editions are
 * data, so the candidates are passed in; the default list is the spec's.
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
