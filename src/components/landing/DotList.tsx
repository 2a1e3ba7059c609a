/** A list whose items each follow an accent-coloured dot. */
export function DotList({ items, className }: { items: readonly string[]; className: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-brand-accent" />
          {item}
        </li>
      ))}
    </ul>
  );
}
