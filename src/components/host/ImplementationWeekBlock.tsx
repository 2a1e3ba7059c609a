/**
 * The Implementation Week block of a host (docs/PRODUCT.md "Host views"): topic and description, then by
 * context either the member's access (a session button, or 'Included in your All Access Pass')
 * or, in public, a call to buy the All Access Pass.
 */
import type { SafeHtml } from '../../markup/safe-html.ts';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';
import { MARKUP_CLASS, SafeHtmlBlock } from '../SafeHtmlBlock.tsx';

/** A host's or speaker's Implementation Week fields, as both carry them. */
export interface ImplementationWeekOf {
  implementationWeek: boolean;
  implementationWeekTopic: string | null;
  /** Sanitised HTML from the markdown description ('' for none). */
  implementationWeekDescriptionHtml: SafeHtml;
  integrationSessionLink: string | null;
}

export interface ImplementationWeekBlockProps {
  person: ImplementationWeekOf;
  context: 'public' | 'dashboard';
  allAccessUrl: string;
  /** The edition's name for the All Access Pass (its settings). */
  allAccessName: string;
}

/** Nothing for a person without an Implementation Week. */
export function ImplementationWeekBlock({ person, context, allAccessUrl, allAccessName }: ImplementationWeekBlockProps) {
  if (!person.implementationWeek) return null;
  const { implementationWeekTopic: topic, implementationWeekDescriptionHtml: descriptionHtml } = person;
  const sessionUrl = safeHttpUrl(person.integrationSessionLink);
  return (
    <div data-implementation-week="" className="rounded-3xl bg-gradient-to-br from-brand-primary/10 to-brand-secondary/10 p-6 sm:p-8">
      <h3 className="font-serif text-xl font-bold text-ink">Implementation Week</h3>
      {topic ? <p className="mt-2 text-lg font-medium text-brand-primary-strong">{topic}</p> : null}
      {descriptionHtml ? <SafeHtmlBlock className={`mt-3 ${MARKUP_CLASS}`} html={descriptionHtml} /> : null}
      <div className="mt-5">
        {context === 'dashboard' ? (
          sessionUrl ? (
            <ExternalLinkButton href={sessionUrl}>Access Your Session</ExternalLinkButton>
          ) : (
            <p className="inline-block rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-primary-strong ring-1 ring-brand-primary/20">
              {`Included in your ${allAccessName}`}
            </p>
          )
        ) : (
          <div data-implementation-week-cta="">
            <p className="text-ink">
              {`Join Implementation Week with the ${allAccessName} and integrate these teachings with live guided sessions.`}
            </p>
            <div className="mt-4">
              <ExternalLinkButton href={allAccessUrl}>{`Get the ${allAccessName}`}</ExternalLinkButton>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
