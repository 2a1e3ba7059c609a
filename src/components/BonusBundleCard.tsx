/**
 * One bonus bundle item (docs/PRODUCT.md "Widgets and embeds"). Both readings of the item stand: with a
 * bonusBundleTitle it shows image, title, the regular price crossed out ('Regular Price $97.00', in the edition's currency) and
 * the description (its image framed whole, never cropped: bundle art carries text such as a
 * "BONUS" label at its edges); otherwise it is a speaker-style entry with image, full name, topic, bio and,
 * when the freebie has a title, the freebie and its download link. Shared by the dashboard and
 * the bonus bundle embed.
 */
import { resizedImage } from '../domain/images.ts';
import { fullName } from '../domain/people.ts';
import type { ShownBonusItem } from '../domain/shown-content.ts';
import { safeHttpUrl } from '../domain/url-policy.ts';
import { NewTabHint } from './ExternalLinkButton.tsx';
import { DASHBOARD_CARD_CLASS, TEXT_LINK_CLASS } from './dashboard/DashboardSection.tsx';
import { MARKUP_CLASS, SafeHtmlBlock } from './SafeHtmlBlock.tsx';

export const BUNDLE_IMAGE_WIDTH = 480;
export const BUNDLE_IMAGE_HEIGHT = 270;
export const BUNDLE_PORTRAIT_SIZE = 160;

export interface BonusBundleCardProps {
  item: ShownBonusItem;
  /** The item's heading level: h4 under the dashboard's "Bonus Bundle" h3; h3 by default (embeds). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

function TitledItem({ item, headingLevel: Heading }: Required<BonusBundleCardProps>) {
  const title = item.bonusBundleTitle?.trim() ?? '';
  const image = item.bonusBundleImage?.trim();
  // Already in the edition's currency (server/people/people-blocks.ts loadBonusBundle).
  const price = item.bonusBundlePrice?.trim() ?? '';
  const descriptionHtml = item.bonusBundleDescriptionHtml;
  return (
    <>
      {image ? (
        <img
          {...resizedImage(image, BUNDLE_IMAGE_WIDTH)}
          alt={title}
          width={BUNDLE_IMAGE_WIDTH}
          height={BUNDLE_IMAGE_HEIGHT}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full rounded-2xl bg-surface object-contain"
        />
      ) : null}
      <Heading className="mt-5 font-serif text-xl font-bold text-ink">{title}</Heading>
      {price ? (
        <p data-regular-price="" className="mt-2 text-muted">
          <s>{`Regular Price ${price}`}</s>
        </p>
      ) : null}
      {descriptionHtml ? <SafeHtmlBlock className={`mt-3 ${MARKUP_CLASS}`} html={descriptionHtml} /> : null}
    </>
  );
}

function PersonItem({ item, headingLevel: Heading }: Required<BonusBundleCardProps>) {
  const name = fullName(item);
  const image = item.image?.trim();
  const bioHtml = item.bioHtml;
  const freebieTitle = item.freebie?.title.trim();
  const downloadUrl = safeHttpUrl(item.freebie?.downloadUrl);
  return (
    <>
      {image ? (
        <img
          {...resizedImage(image, BUNDLE_PORTRAIT_SIZE)}
          alt={name ? `Portrait of ${name}` : (item.topic ?? 'Bonus item')}
          width={BUNDLE_PORTRAIT_SIZE}
          height={BUNDLE_PORTRAIT_SIZE}
          loading="lazy"
          decoding="async"
          className="mx-auto size-32 rounded-full object-cover"
        />
      ) : null}
      <Heading className="mt-5 font-serif text-xl font-bold text-ink">{name || item.topic}</Heading>
      {name && item.topic ? <p className="mt-1 font-medium text-brand-primary-strong">{item.topic}</p> : null}
      {bioHtml ? <SafeHtmlBlock className={`mt-3 ${MARKUP_CLASS}`} html={bioHtml} /> : null}
      {freebieTitle ? (
        <div data-bundle-freebie="" className="mt-5 rounded-2xl bg-surface p-4 ring-1 ring-brand-accent/30">
          <p className="font-semibold text-ink">
            <span className="text-muted">Free gift: </span>
            {freebieTitle}
          </p>
          {downloadUrl ? (
            <p className="mt-2">
              <a href={downloadUrl} download target="_blank" rel="noopener noreferrer" className={TEXT_LINK_CLASS}>
                Download Your Gift
                <NewTabHint />
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export function BonusBundleCard({ item, headingLevel = 'h3' }: BonusBundleCardProps) {
  const titled = Boolean(item.bonusBundleTitle?.trim());
  return (
    <article data-bonus-bundle-item="" data-reading={titled ? 'bundle' : 'person'} className={DASHBOARD_CARD_CLASS}>
      {titled ? <TitledItem item={item} headingLevel={headingLevel} /> : <PersonItem item={item} headingLevel={headingLevel} />}
    </article>
  );
}
