/** The editions as a select's options, each named with its slug ("Winter 2026 (winter-2026)"): names may repeat, slugs do not. */
import type { SelectOption } from '../../../components/form/Select.tsx';

export function editionOptions(editions: readonly { slug: string; name: string }[]): SelectOption[] {
  return editions.map((edition) => ({ value: edition.slug, label: `${edition.name} (${edition.slug})` }));
}
