/**
 * The sticky bottom bar (docs/PRODUCT.md "Landing page"). Starts hidden; a small script toggles the `hidden`
 * attribute once the page is scrolled beyond one viewport height.
 */
export interface StickyBarProps {
  registerHref: string;
  /** 'Save Your Free Spot - July 15-17' */
  label: string;
}

export function StickyBar({ registerHref, label }: StickyBarProps) {
  return (
    <div
      data-sticky-bar=""
      hidden
      role="region"
      aria-label="Registration reminder"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-primary/15 bg-white/95 px-4 py-3 shadow-[0_-4px_20px_rgb(0_0_0/0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl justify-center">
        <a
          href={registerHref}
          className="inline-flex w-full items-center justify-center rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white transition hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary sm:w-auto"
        >
          {label}
        </a>
      </div>
    </div>
  );
}
