/**
 * Content as pages show it: the entities of entities.ts with each markdown field replaced by its
 * sanitised HTML (`bio` becomes `bioHtml: SafeHtml`). The server renders it before any component
 * sees it (src/markup/shown-content.ts, called by the page blocks in src/server/people/), so
 * components only place the HTML (src/components/SafeHtmlBlock.tsx) and never render markdown.
 * The only thing the domain takes from src/markup is the SafeHtml type (checked by
 * tools/import-boundaries.ts).
 */
import type { SafeHtml } from '../markup/safe-html.ts';
import type { BonusBundleItem, Freebie, Host, ImplementationSession, Speaker } from './entities.ts';

export type ShownFreebie = Omit<Freebie, 'description'> & { descriptionHtml: SafeHtml };

/** The markdown fields of a speaker or host, and the freebie that holds one. */
type PersonMarkdown = 'bio' | 'shortDescription' | 'implementationWeekDescription' | 'freebie';

export type ShownPerson<T extends Speaker | Host> = Omit<T, PersonMarkdown> & {
  bioHtml: SafeHtml;
  /** The field documented as "HTML or markdown", sanitised like the others. */
  shortDescriptionHtml: SafeHtml;
  implementationWeekDescriptionHtml: SafeHtml;
  freebie: ShownFreebie | null;
};

export type ShownSpeaker = ShownPerson<Speaker>;
export type ShownHost = ShownPerson<Host>;

export type ShownSession = Omit<ImplementationSession, 'description'> & { descriptionHtml: SafeHtml };

export type ShownBonusItem = Omit<BonusBundleItem, 'bonusBundleDescription' | 'bio' | 'freebie'> & {
  bonusBundleDescriptionHtml: SafeHtml;
  bioHtml: SafeHtml;
  freebie: ShownFreebie | null;
};
