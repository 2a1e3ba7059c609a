/**
 * A host's free gift (docs/PRODUCT.md "Host views"): title, description, image and a download control that
 * is a real link only for a safe http(s) downloadUrl and otherwise a visibly disabled button.
 */
import { resizedImage } from '../../domain/images.ts';
import type { ShownFreebie } from '../../domain/shown-content.ts';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { BUTTON_CLASS, NewTabHint } from '../ExternalLinkButton.tsx';
import { MARKUP_CLASS, SafeHtmlBlock } from '../SafeHtmlBlock.tsx';

export const GIFT_IMAGE_SIZE = 160;

export function FreeGift({ freebie }: { freebie: ShownFreebie }) {
  const descriptionHtml = freebie.descriptionHtml;
  const downloadUrl = safeHttpUrl(freebie.downloadUrl);
  const image = freebie.image.trim();
  return (
    <div data-free-gift="" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-accent/30 sm:p-8">
      <h3 className="font-serif text-xl font-bold text-ink">Your Free Gift</h3>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        {image ? (
          <img
            {...resizedImage(image, GIFT_IMAGE_SIZE)}
            alt={freebie.title ? `Cover of ${freebie.title}` : 'Free gift cover'}
            width={GIFT_IMAGE_SIZE}
            height={GIFT_IMAGE_SIZE}
            loading="lazy"
            decoding="async"
            className="size-40 shrink-0 rounded-2xl object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          {freebie.title ? <p className="text-lg font-semibold text-ink">{freebie.title}</p> : null}
          {descriptionHtml ? <SafeHtmlBlock className={`mt-2 ${MARKUP_CLASS}`} html={descriptionHtml} /> : null}
          <div className="mt-5">
            {downloadUrl ? (
              <a href={downloadUrl} download target="_blank" rel="noopener noreferrer" className={BUTTON_CLASS}>
                Download Your Gift
                <NewTabHint />
              </a>
            ) : (
              <button
                type="button"
                disabled
                aria-disabled="true"
                className="inline-flex cursor-not-allowed items-center justify-center rounded-full bg-ink/10 px-6 py-3 font-semibold text-muted"
              >
                Download Your Gift
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
