/** The dashboard's way to "Your data" (docs/decisions/0084): what the site holds, its download and "Erase me". */
export function YourDataLink() {
  return (
    <p data-your-data-link="" className="text-center text-muted">
      <a
        href="/your-data"
        className="font-medium text-brand-primary-strong underline underline-offset-2 hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
      >
        Your data
      </a>
      : see what we hold about you, download it, or erase it.
    </p>
  );
}
