/**
 * Content rows made fit for our pages: every markdown field rendered to sanitised HTML
 * (renderMarkup, memoised) and the source dropped, giving the shapes of
 * src/domain/shown-content.ts. The server calls these where it loads a page's content (the
 * cached page blocks of src/server/people/ and src/server/site-content/), so a component never
 * renders markdown.
 */
import type { BonusBundleItem, Freebie, Host, ImplementationSession, Speaker } from '../domain/entities.ts';
import type { ShownBonusItem, ShownFreebie, ShownPerson, ShownSession } from '../domain/shown-content.ts';
import { renderMarkup } from './safe-html.ts';

export function showFreebie({ description, ...freebie }: Freebie): ShownFreebie {
  return { ...freebie, descriptionHtml: renderMarkup(description) };
}

/** A speaker or a host (the same speaker-style fields). */
export function showPerson<T extends Speaker | Host>(person: T): ShownPerson<T> {
  const { bio, shortDescription, implementationWeekDescription, freebie, ...rest } = person;
  return {
    ...rest,
    bioHtml: renderMarkup(bio),
    shortDescriptionHtml: renderMarkup(shortDescription),
    implementationWeekDescriptionHtml: renderMarkup(implementationWeekDescription),
    freebie: freebie ? showFreebie(freebie) : null,
  };
}

export function showSession({ description, ...session }: ImplementationSession): ShownSession {
  return { ...session, descriptionHtml: renderMarkup(description) };
}

export function showBonusItem({ bonusBundleDescription, bio, freebie, ...item }: BonusBundleItem): ShownBonusItem {
  return {
    ...item,
    bonusBundleDescriptionHtml: renderMarkup(bonusBundleDescription),
    bioHtml: renderMarkup(bio),
    freebie: freebie ? showFreebie(freebie) : null,
  };
}
