/** The affiliate-link disclaimer pages carry (docs/PRODUCT.md "The product and its audience"), in the edition's words; none when it has none. */
export function AffiliateDisclaimer({ text }: { text: string }) {
  if (!text) return null;
  return (
    <aside aria-label="Affiliate disclosure" className="mx-auto max-w-3xl px-6 py-6">
      <p className="text-center text-xs text-muted">{text}</p>
    </aside>
  );
}
