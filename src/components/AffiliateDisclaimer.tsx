/** The affiliate-link disclaimer pages carry (docs/PRODUCT.md "The product and its audience"). */
export function AffiliateDisclaimer() {
  return (
    <aside aria-label="Affiliate disclosure" className="mx-auto max-w-3xl px-6 py-6">
      <p className="text-center text-xs text-muted">
        Disclosure: some links on this page are affiliate links. We may earn a commission at no extra cost to you. We only recommend what we
        trust.
      </p>
    </aside>
  );
}
