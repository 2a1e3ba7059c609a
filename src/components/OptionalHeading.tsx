/**
 * A section's heading in the edition's words, or nothing when the host left it empty (a section
 * with an empty heading has no heading at all, never an empty one: docs/PRODUCT.md "The host's own
 * words"). The section names it by `id` through aria-labelledby only when it is there: headingId().
 */
export function OptionalHeading({ id, text, className }: { id: string; text: string; className: string }) {
  if (!text) return null;
  return (
    <h2 id={id} className={className}>
      {text}
    </h2>
  );
}

/** The aria-labelledby of a section under an OptionalHeading: its id while there is a heading. */
export const headingId = (id: string, text: string) => (text ? id : undefined);
